// Product facts: posts about a store whose products then change. A (fake) Shopify store of 30 products (10 sold in
// sizes at different prices, 20 at one price) is read through the publishing target; 200 posts are written from what
// it said (a template writer that names 2 or 3 products each by link or title, with prices in several styles, sizes
// and stock phrases, and unrelated amounts elsewhere). Then the store changes: some prices (one variant or all), some
// sizes removed, some variants sold out, the rest untouched. Each post is checked against the store read again, and
// the result compared with the truth the writer kept (which of its claims are now false).
// Goal: every mismatch found (recall 100%), no false alarm on a product whose facts the post states correctly.
// Baseline: the check a post had before, the featured product's lowest price as stored at writing time against the
// lowest price now (it cannot see which variant a post names, sizes or stock).
// Also measured: "update prices" (how many posts whose only wrong claims were prices come out right) and time.
import { performance } from "node:perf_hooks";
import type { ProductFacts } from "../core/src/contracts/facts.ts";
import { checkProductFacts, updatePostPrices } from "../core/src/facts/index.ts";
import { ShopifyCostPacer, createShopifyTarget } from "../core/src/publishing/shopify/index.ts";
import { addCatalogItems, startFakeShopify } from "../tests/fakes/shopify/index.ts";
import { benchNumber, fmt } from "./support.ts";

const SHOP = "facts-bench.myshopify.com";
const TOKEN = "shpat_facts_bench";

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Claim {
  productId: string;
  prices: number[];
  sizes: string[];
  /** "in stock" said of the named sizes (or the product). */
  inStock: boolean;
}

const NOUNS = ["Apron", "Mug", "Candle", "Grinder", "Kettle", "Tote", "Scarf", "Board", "Teapot", "Journal"];
const ADJECTIVES = ["Linen", "Stoneware", "Cedar", "Walnut", "Copper", "Canvas", "Wool", "Oak"];

export default async function factsBench(): Promise<void> {
  const postsCount = benchNumber("posts", 200);
  const rand = random(benchNumber("seed", 24));
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const fake = await startFakeShopify({
    shops: [
      {
        domain: SHOP,
        accessToken: TOKEN,
        blogs: [{ title: "News" }],
        primaryDomainUrl: "https://bench.example",
        scopes: ["read_content", "write_content", "read_products"],
      },
    ],
    throttle: { maximumAvailable: 1_000_000, restoreRate: 1_000_000 },
  });
  try {
    const shop = fake.shop(SHOP);
    const titles = new Set<string>();
    while (titles.size < 30) titles.add(`${pick(ADJECTIVES)} ${pick(NOUNS)}`);
    const { products } = addCatalogItems(shop, {
      products: [...titles].map((title) => ({ title, price: String(10 + Math.floor(rand() * 60)) })),
    });
    for (const product of products.slice(0, 10)) {
      const base = 20 + Math.floor(rand() * 40);
      product.variants = ["Small", "Medium", "Large"].map((size, i) => ({
        title: size,
        price: String(base + i * 4),
        availableForSale: true,
        selectedOptions: [{ name: "Size", value: size }],
      }));
    }
    const target = createShopifyTarget(
      { storeUrl: SHOP, accessToken: TOKEN, blogId: shop.blogs[0]!.id },
      { fetch, loadImage: async () => null, apiBaseUrl: fake.apiBaseUrlTemplate, pacer: new ShopifyCostPacer() },
    );
    const readAll = () => target.readProductFacts!({ ids: products.map((p) => p.id), handles: [] });
    const written = await readAll();

    // The posts, written from the store's facts.
    const posts: Array<{ html: string; claims: Claim[]; facts: ProductFacts[] }> = [];
    for (let n = 0; n < postsCount; n++) {
      const named = new Set<ProductFacts>();
      const count = 2 + Math.floor(rand() * 2);
      while (named.size < count) named.add(pick(written));
      const claims: Claim[] = [];
      const paragraphs = ["<h2>Gift ideas for slow mornings</h2>", "<p>Shipping is free on orders over $50.</p>"];
      for (const product of named) {
        const name = rand() < 0.5 ? `<a href="${product.url}">${product.title}</a>` : product.title;
        const variant = pick(product.variants);
        const sized = product.options.some((o) => o.name === "Size");
        const amount = Number(variant.price);
        const style = pick([`$${amount}`, `$${amount.toFixed(2)}`, `${amount.toFixed(2)} USD`]);
        const claim: Claim = { productId: product.id, prices: [amount], sizes: [], inStock: false };
        let text = `Our ${name} is ${style}`;
        if (sized) {
          claim.sizes = [variant.options[0]!.value];
          text = `The ${name} in ${claim.sizes[0]} is ${style}`;
        }
        if (rand() < 0.5) {
          claim.inStock = true;
          text += ", in stock and ready to wrap";
        }
        paragraphs.push(`<p>${text}. It makes a morning feel unhurried.</p>`);
        claims.push(claim);
      }
      paragraphs.push("<p>Brew at 94 degrees for four minutes; 15 g of coffee makes 250 g.</p>");
      posts.push({ html: paragraphs.join("\n"), claims, facts: [...named] });
    }

    // The store changes.
    const changes = { price: 0, variantPrice: 0, sizeRemoved: 0, soldOut: 0, unchanged: 0 };
    const changedIds = new Set<string>();
    for (const [index, product] of products.entries()) {
      // Products in sizes go through every kind of change in turn; the others change price, sell out or stay.
      const roll = product.variants ? (index % 5) / 5 + 0.01 : rand();
      if (product.variants && roll < 0.2) {
        product.variants = product.variants.filter((_, i) => i !== 2);
        changes.sizeRemoved++;
      } else if (product.variants && roll < 0.4) {
        product.variants[Math.floor(rand() * 3)]!.price = String(Number(product.variants[0]!.price) + 7);
        changes.variantPrice++;
      } else if (product.variants ? roll < 0.6 : roll < 0.3) {
        if (product.variants) for (const v of product.variants) v.price = String(Number(v.price) + 3);
        else product.price = String(Number(product.price) + 3);
        changes.price++;
      } else if (product.variants ? roll < 0.8 : roll < 0.45) {
        if (product.variants) product.variants[0]!.availableForSale = false;
        else
          product.variants = [
            {
              title: "Default Title",
              price: product.price,
              availableForSale: false,
              selectedOptions: [{ name: "Title", value: "Default Title" }],
            },
          ];
        changes.soldOut++;
      } else {
        changes.unchanged++;
        continue;
      }
      changedIds.add(product.id);
    }

    let readMs = 0;
    let checkMs = 0;
    const tally = { truth: 0, found: 0, missed: 0, falseAlarm: 0, falseAlarmUnchanged: 0, agreesRight: 0 };
    const base = { found: 0, missed: 0, falseAlarm: 0 };
    const updates = { priceOnly: 0, fixed: 0 };
    for (const post of posts) {
      let started = performance.now();
      const current = await target.readProductFacts!({ ids: post.facts.map((p) => p.id), handles: [] });
      readMs += performance.now() - started;
      started = performance.now();
      const report = checkProductFacts({ html: post.html, current, written: post.facts });
      checkMs += performance.now() - started;
      let priceOnly = true;
      let anyWrong = false;
      for (const claim of post.claims) {
        const now = current.find((p) => p.id === claim.productId)!;
        const before = post.facts.find((p) => p.id === claim.productId)!;
        const values = now.options.flatMap((o) => o.values);
        const priceWrong = claim.prices.some((a) => !now.variants.some((v) => Math.abs(Number(v.price) - a) < 0.005));
        const sizeWrong = claim.sizes.some((s) => !values.includes(s));
        const relevant = claim.sizes.length
          ? now.variants.filter((v) => v.options.some((o) => claim.sizes.includes(o.value)))
          : now.variants;
        const stockWrong = claim.inStock && relevant.length > 0 && !relevant.some((v) => v.availableForSale);
        const wrong = priceWrong || sizeWrong || stockWrong;
        if (wrong) anyWrong = true;
        if (sizeWrong || stockWrong) priceOnly = false;
        const flagged = report.products.find((p) => p.productId === claim.productId)?.status === "mismatch";
        const untouched = !changedIds.has(claim.productId);
        if (wrong) {
          tally.truth++;
          if (flagged) tally.found++;
          else tally.missed++;
        } else if (flagged) {
          tally.falseAlarm++;
          if (untouched) tally.falseAlarmUnchanged++;
        } else tally.agreesRight++;
        // Baseline: the lowest price stored at writing time against the lowest price now.
        const low = (p: ProductFacts) => Math.min(...p.variants.map((v) => Number(v.price)));
        const baseFlag = low(before) !== low(now);
        if (wrong && baseFlag) base.found++;
        else if (wrong) base.missed++;
        else if (baseFlag) base.falseAlarm++;
      }
      if (anyWrong && priceOnly) {
        updates.priceOnly++;
        const { html } = updatePostPrices({ html: post.html, current, written: post.facts });
        if (checkProductFacts({ html, current, written: post.facts }).mismatches === 0) updates.fixed++;
      }
    }

    const claims = tally.truth + tally.falseAlarm + tally.agreesRight;
    console.log(
      `store: ${products.length} products (10 in sizes); changed: ${changes.price} all prices, ${changes.variantPrice} one size's price, ` +
        `${changes.sizeRemoved} a size removed, ${changes.soldOut} a variant sold out, ${changes.unchanged} unchanged`,
    );
    console.log(`posts: ${posts.length}, product mentions checked: ${claims}, now wrong: ${tally.truth}`);
    console.log(
      `Product facts check: found ${tally.found}/${tally.truth} (recall ${fmt((100 * tally.found) / Math.max(1, tally.truth), 1)}%), ` +
        `false alarms ${tally.falseAlarm} (on unchanged products ${tally.falseAlarmUnchanged}), correct "agrees" ${tally.agreesRight}`,
    );
    console.log(
      `baseline (lowest price then vs now): found ${base.found}/${tally.truth} (recall ${fmt((100 * base.found) / Math.max(1, tally.truth), 1)}%), ` +
        `false alarms ${base.falseAlarm}`,
    );
    console.log(
      `update prices: ${updates.fixed}/${updates.priceOnly} posts whose only wrong claims were prices come out agreeing`,
    );
    console.log(
      `time per post: read from the store ${fmt(readMs / posts.length, 2)} ms (fake Shopify, loopback), check ${fmt(checkMs / posts.length, 3)} ms`,
    );
  } finally {
    await fake.close();
  }
}
