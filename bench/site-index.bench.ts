// `npm run bench -- site-index`: the site index of a Shopify store of 5,000 products and 1,000 articles, read from the
// fake Shopify with Shopify's standard leaky bucket (1,000 points, 50 restored a second), against the lower bound
// those limits set: the points the reading costs, less the full bucket it starts with, over the restore rate. Then
// what picking links from that index (reading it from the database and choosing, as a generation does) adds to a
// generation, against a generation by the offline writer measured in the same run. Last, how long a change takes to
// reach the index: a product update delivered as Shopify's webhook (handleShopWebhook, what the app's route runs once
// the HMAC is checked) and a post edited on a WordPress site (the plugin's change notice, applyWordpressSiteChanges),
// each until a generation reading the index sees the new title, beside the full re-read they spare.
import { createWriter } from "../core/src/ai/index.ts";
import { generatePostSchema } from "../core/src/contracts/blog.ts";
import { ShopifyCostPacer } from "../core/src/publishing/shopify/index.ts";
import {
  SITE_INDEX_LIMIT,
  pickSiteLinks,
  readShopifySitePages,
  readSiteLinks,
  saveSiteIndex,
} from "../core/src/site-index/index.ts";
import { applyWordpressSiteChanges } from "../core/src/site-index/index.ts";
import { findOrCreateShopAccount, handleShopWebhook } from "../core/src/shopify-shops/index.ts";
import { createTestDatabase } from "../core/src/testing/index.ts";
import { seedStoreContent, startFakeShopify } from "../tests/fakes/shopify/index.ts";
import { fmt } from "./support.ts";

const SHOP = "bench-store.myshopify.com";
const TOKEN = "shpat_bench";
const BUCKET = { maximumAvailable: 1000, restoreRate: 50 };
const PRODUCTS = 5000;
const ARTICLES = 1000;

const topics = [
  { title: "How to Choose a Coffee Grinder", keywords: ["coffee grinder", "burr grinder"] },
  { title: "Caring for a Cast Iron Pan", keywords: ["cast iron", "seasoning"] },
  { title: "The Perfect Pour-Over at Home", keywords: ["pour-over set", "filter coffee"] },
  { title: "Choosing a Ceramic Teapot", keywords: ["ceramic teapot", "loose leaf tea"] },
  { title: "Linen Aprons for Busy Kitchens", keywords: ["linen apron", "kitchen"] },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export default async function bench(): Promise<void> {
  const fake = await startFakeShopify({
    shops: [
      { domain: SHOP, accessToken: TOKEN, scopes: ["read_content", "read_products"], blogs: [{ title: "News" }] },
    ],
    throttle: BUCKET,
  });
  const db = await createTestDatabase();
  try {
    const shop = fake.shop(SHOP);
    seedStoreContent(shop, { products: PRODUCTS, unpublishedEvery: 0 });
    const blogId = shop.blogs[0]!.id;
    for (let i = 0; i < ARTICLES; i++) {
      const topic = topics[i % topics.length]!;
      const title = i % 10 === 0 ? `${topic.keywords[0]} tips, part ${i}` : `Store news ${i}`;
      await shop.createArticle({ blogId, title, author: { name: "Ann" }, isPublished: true }, null, async () => null);
    }

    // Every answer's actual cost, as the store reports it to the client.
    let points = 0;
    let calls = 0;
    const metered: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const body = (await response.clone().json()) as { extensions?: { cost?: { actualQueryCost: number | null } } };
      points += body.extensions?.cost?.actualQueryCost ?? 0;
      calls++;
      return response;
    };
    const started = performance.now();
    const pages = await readShopifySitePages(
      { fetch: metered, apiBaseUrl: fake.apiBaseUrlTemplate, pacer: new ShopifyCostPacer() },
      { storeUrl: SHOP, accessToken: TOKEN, limit: SITE_INDEX_LIMIT },
    );
    const seconds = (performance.now() - started) / 1000;
    const bound = Math.max(0, points - BUCKET.maximumAvailable) / BUCKET.restoreRate;
    const throttled = fake.throttledRequests(SHOP).length;
    console.log(
      `index: ${fmt(pages.length)} pages (${fmt(pages.filter((p) => p.kind === "product").length)} products, ` +
        `${fmt(pages.filter((p) => p.kind === "article").length)} articles) in ${fmt(calls)} calls, ${fmt(throttled)} throttled`,
    );
    console.log(
      `index: ${fmt(seconds, 1)} s; bound set by the rate limits (${fmt(points)} points - ${fmt(BUCKET.maximumAvailable)} ` +
        `in the full bucket) / ${BUCKET.restoreRate} a second = ${fmt(bound, 1)} s; ratio ${fmt(seconds / bound, 2)}x`,
    );

    const user = await db.prisma.user.create({ data: { email: "bench@store.example", password: "x" } });
    await saveSiteIndex(db.prisma, { userId: user.id, platform: "shopify", connectionId: 1, pages, now: new Date() });

    const writer = createWriter({ openai: { apiKey: "", baseUrl: "", model: "" } });
    const readMs: number[] = [];
    const pickMs: number[] = [];
    const generationMs: number[] = [];
    let picked = 0;
    for (let round = 0; round < 4; round++) {
      for (const topic of topics) {
        const input = generatePostSchema.parse({
          title: topic.title,
          keywords: topic.keywords,
          companyName: "Bench Store",
        });
        // What a generation does before writing: read the owner's index, then pick from all of it.
        let at = performance.now();
        const candidates = await readSiteLinks(db.prisma, user.id);
        readMs.push(performance.now() - at);
        at = performance.now();
        const links = pickSiteLinks(candidates, {
          keyphrase: topic.keywords[0]!,
          keywords: topic.keywords,
          title: topic.title,
          max: 3,
        });
        pickMs.push(performance.now() - at);
        picked += links.length;
        at = performance.now();
        await writer.writePost(input, {});
        generationMs.push(performance.now() - at);
      }
    }
    const added = readMs.map((ms, i) => ms + pickMs[i]!);
    console.log(
      `picking: ${fmt(added.length)} generations from the ${fmt(pages.length)}-page index, ${fmt(picked / added.length, 1)} links each; ` +
        `reading the index median ${fmt(median(readMs.slice(1)), 1)} ms (the first read after a refresh ${fmt(readMs[0]!, 1)} ms), ` +
        `choosing median ${fmt(median(pickMs), 1)} ms (max ${fmt(Math.max(...pickMs), 1)} ms)`,
    );
    console.log(
      `picking adds median ${fmt(median(added), 1)} ms (max ${fmt(Math.max(...added.slice(1)), 1)} ms after the first) to a generation; ` +
        `a generation without it (offline writer, same inputs): median ${fmt(median(generationMs), 1)} ms; ratio ${fmt(median(added) / median(generationMs), 2)}`,
    );

    await changeDelays(db, pages, seconds);
  } finally {
    await db.close();
    await fake.close();
  }
}

/** How long a change takes from its notice until a generation reading the index sees it, on the store's index. */
async function changeDelays(
  db: Awaited<ReturnType<typeof createTestDatabase>>,
  pages: Awaited<ReturnType<typeof readShopifySitePages>>,
  fullReadSeconds: number,
): Promise<void> {
  const prisma = db.prisma;
  const { user } = await findOrCreateShopAccount({ prisma }, { shop: SHOP, name: "Bench", email: null, blogId: null });
  const store = await prisma.shopifyConnection.findFirstOrThrow({ where: { userId: user.id } });
  // The picking measurement above stored the same pages under a stand-in connection: the store's own replace them.
  await prisma.siteIndexEntry.deleteMany({});
  await saveSiteIndex(prisma, { userId: user.id, platform: "shopify", connectionId: store.id, pages, now: new Date() });
  await prisma.siteIndexJob.updateMany({
    where: { platform: "shopify", connectionId: store.id },
    data: { state: "ready", indexedAt: new Date(), pagesIndexed: pages.length },
  });
  const storefront = new URL(pages.find((p) => p.kind === "product")!.url).origin;
  const deps = { prisma, encryptionKey: Buffer.alloc(32), uploadDir: "/nonexistent" };
  const shopifyMs: number[] = [];
  for (let i = 0; i < 40; i++) {
    const title = `Renamed grinder ${i}`;
    const started = performance.now();
    await handleShopWebhook(deps, {
      shop: SHOP,
      topic: "products/update",
      webhookId: `bench-${i}`,
      payload: {
        id: 9000 + (i % 10),
        title,
        handle: `bench-product-${i % 10}`,
        status: "active",
        published_at: "2026-11-27T08:00:00Z",
        updated_at: new Date(Date.UTC(2026, 10, 27, 9, 0, i)).toISOString(),
      },
    });
    const seen = (await readSiteLinks(prisma, user.id)).some((page) => page.title === title);
    shopifyMs.push(performance.now() - started);
    if (!seen) throw new Error(`the webhook's change did not reach the index: ${title} at ${storefront}`);
  }

  const wordpress = await prisma.wordpressConnection.create({
    data: {
      userId: user.id,
      siteUrl: "https://blog.bench.example",
      username: "",
      applicationPassword: "",
      siteName: "Bench blog",
    },
  });
  await prisma.siteIndexJob.create({
    data: { userId: user.id, platform: "wordpress", connectionId: wordpress.id, state: "ready", indexedAt: new Date() },
  });
  const wordpressMs: number[] = [];
  for (let i = 0; i < 40; i++) {
    const title = `Edited post ${i}`;
    const started = performance.now();
    await applyWordpressSiteChanges(
      { prisma },
      { userId: user.id, connectionId: wordpress.id, siteUrl: wordpress.siteUrl },
      {
        changes: [
          {
            kind: "post",
            id: 100 + (i % 10),
            changedAt: new Date(Date.UTC(2026, 10, 27, 9, 0, i)).toISOString(),
            status: "linkable",
            url: `${wordpress.siteUrl}/post-${i}/`,
            title,
          },
        ],
      },
    );
    const seen = (await readSiteLinks(prisma, user.id)).some((page) => page.title === title);
    wordpressMs.push(performance.now() - started);
    if (!seen) throw new Error(`the plugin's change did not reach the index: ${title}`);
  }
  console.log(
    `change to index (${fmt(pages.length)}-page store index, 40 changes each): a Shopify product webhook median ` +
      `${fmt(median(shopifyMs), 1)} ms (max ${fmt(Math.max(...shopifyMs), 1)} ms); a WordPress change notice median ` +
      `${fmt(median(wordpressMs), 1)} ms (max ${fmt(Math.max(...wordpressMs), 1)} ms); the full re-read they spare: ` +
      `${fmt(fullReadSeconds, 1)} s of reading, once a day`,
  );
}
