// WooCommerce products as the source of featured items and of the "Product facts" check, on a real WordPress (7.1 when
// its release files are there) offering a stand-in for WooCommerce's Store API (tests/support/wordpress): products are
// searched and read with their price, currency, stock and variations; a post written about them is published with
// WooCommerce's product block; and a scheduled post is checked against WooCommerce just before it goes out (prices
// and stock changed between writing and publishing are found and the post held, unchanged ones publish without a
// false alarm, "update_prices" writes the new price in), a store of more than 500 products included; a post naming
// products of the owner's Shopify store (the local fake) too is checked against both when it goes to WordPress. Runs
// on PGlite, or on PostgreSQL with TEST_DATABASE_URL.
import { createScheduler, publishNow, schedulePost, type TargetResolver } from "@postwright/core/scheduling";
import { createTestDatabase, type TestDatabase } from "@postwright/core/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ProductFactsReport } from "../../core/src/contracts/facts.ts";
import { toProductCards } from "../../core/src/facts/index.ts";
import { insertProductCards } from "../../core/src/publishing/product-cards/index.ts";
import { createWordpressTarget } from "../../core/src/publishing/wordpress/index.ts";
import { createWordpressPluginTarget } from "../../core/src/publishing/wordpress-plugin/index.ts";
import type { PublishTarget } from "../../core/src/publishing/types.ts";
import { ShopifyCostPacer, createShopifyTarget } from "../../core/src/publishing/shopify/index.ts";
import { createSafeFetch, type SafeFetch } from "../../core/src/security/index.ts";
import { addCatalogItems, startFakeShopify, type FakeProduct, type FakeShopify } from "../fakes/shopify/index.ts";
import { seedUser } from "../support/scheduler/seed.ts";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";
import {
  offerStoreApi,
  setProducts,
  withdrawStoreApi,
  type StandInProduct,
} from "../support/wordpress/woocommerce-store-api.ts";

const minute = 60_000;
const t0 = new Date(Math.floor(Date.now() / minute) * minute - 60 * minute);
const at = (ms: number) => new Date(t0.getTime() + ms);

let site: WordPressSite;
let db: TestDatabase;
let safeFetch: SafeFetch;
let userId: number;

const apron: StandInProduct = {
  id: 21,
  name: "Linen Apron",
  price: "32.00",
  variations: [
    { id: 22, attribute: "Size", value: "Small", price: "32.00" },
    { id: 23, attribute: "Size", value: "Large", price: "36.00" },
  ],
};
const mug: StandInProduct = { id: 31, name: "Stoneware Mug", price: "18.00", currency: "EUR" };

const target = (): PublishTarget =>
  createWordpressTarget(
    { siteUrl: site.url, username: site.adminUser, applicationPassword: site.applicationPassword },
    { fetch: safeFetch, loadImage: async () => null, allowPlainHttp: true },
  );

beforeAll(async () => {
  site = await startWordPress();
  db = await createTestDatabase();
  safeFetch = createSafeFetch({
    allowPrivateNetworkTargets: false,
    allowedAddresses: ["127.0.0.1"],
    timeoutMs: 15_000,
  });
}, 600_000);
afterAll(async () => {
  await safeFetch?.close();
  await db?.close();
  await site?.stop();
});
beforeEach(async () => {
  await db.prisma.user.deleteMany();
  userId = await seedUser(db);
  await offerStoreApi(site, [apron, mug]);
});

describe("WooCommerce products through the Store API", () => {
  it("searches the site's products by name, with the lowest price, currency and stock", async () => {
    const found = await target().searchProducts!("mug");
    expect(found).toEqual([
      {
        id: "woocommerce:31",
        source: "woocommerce",
        title: "Stoneware Mug",
        price: "18.00 EUR",
        available: true,
        url: `${site.url}/product/stoneware-mug/`,
        image: null,
      },
    ]);
    expect((await target().searchProducts!(""))?.map((p) => [p.title, p.price])).toEqual([
      ["Linen Apron", "32.00 USD"],
      ["Stoneware Mug", "18.00 EUR"],
    ]);
  });

  it("reads each variation's price and stock as the product's facts", async () => {
    await setProducts(site, [
      { ...apron, variations: [apron.variations![0]!, { ...apron.variations![1]!, inStock: false }] },
      mug,
    ]);
    const facts = await target().readProductFacts!({
      ids: ["woocommerce:21", "woocommerce:31", "woocommerce:99"],
      handles: [],
    });
    expect(facts).toEqual([
      {
        id: "woocommerce:21",
        title: "Linen Apron",
        handle: "linen-apron",
        url: `${site.url}/product/linen-apron/`,
        currencyCode: "USD",
        options: [{ name: "Size", values: ["Small", "Large"] }],
        variants: [
          {
            id: "woocommerce:22",
            title: "Small",
            price: "32.00",
            availableForSale: true,
            options: [{ name: "Size", value: "Small" }],
          },
          {
            id: "woocommerce:23",
            title: "Large",
            price: "36.00",
            availableForSale: false,
            options: [{ name: "Size", value: "Large" }],
          },
        ],
      },
      {
        id: "woocommerce:31",
        title: "Stoneware Mug",
        handle: "stoneware-mug",
        url: `${site.url}/product/stoneware-mug/`,
        currencyCode: "EUR",
        options: [],
        variants: [
          { id: "woocommerce:31", title: "Stoneware Mug", price: "18.00", availableForSale: true, options: [] },
        ],
      },
    ]);
  });

  it("lists every product of a store of more than 500 by name and address, in pages of the Store API's 100", async () => {
    await setProducts(site, [apron, mug, ...shelf(720)]);
    // The stand-in answers as WooCommerce does: at most 100 a page, with the totals in the headers.
    const page = await site.rest("wc/store/v1/products?per_page=100&page=3");
    expect(((await page.json()) as unknown[]).length).toBe(100);
    expect([page.headers.get("x-wp-total"), page.headers.get("x-wp-totalpages")]).toEqual(["722", "8"]);
    expect((await site.rest("wc/store/v1/products?per_page=101")).status).toBe(400);

    const listed = await target().listProducts!();
    expect(listed).toHaveLength(722);
    expect(new Set(listed.map((p) => p.id)).size).toBe(722);
    expect(listed.slice(0, 2)).toEqual([
      { id: "woocommerce:21", title: "Linen Apron", url: `${site.url}/product/linen-apron/` },
      { id: "woocommerce:31", title: "Stoneware Mug", url: `${site.url}/product/stoneware-mug/` },
    ]);
    expect(listed.at(-1)).toEqual({
      id: "woocommerce:1719",
      title: "Shelf Item 720",
      url: `${site.url}/product/shelf-item-720/`,
    });
    await withdrawStoreApi(site);
    expect(await target().listProducts!()).toEqual([]);
  });

  it("refuses to feature a product the store no longer has, or any product once WooCommerce is gone", async () => {
    await expect(target().readFeaturedItems!(["woocommerce:99"])).rejects.toThrow(
      "One of the products you picked (woocommerce:99) is no longer in your store. Pick it again.",
    );
    await withdrawStoreApi(site);
    expect(await target().searchProducts!("mug")).toBeNull();
    await expect(target().readFeaturedItems!(["woocommerce:31"])).rejects.toThrow(
      /does not run WooCommerce .* so its products cannot be featured/,
    );
  });
});

describe("WooCommerce products of a site connected through the Postwright plugin", () => {
  /** The plugin's target; the Store API is public, so its products are read without the plugin's signed routes. */
  const pluginTarget = (restUrl: string): PublishTarget =>
    createWordpressPluginTarget(
      { siteId: "site-1", restUrl, signingSecret: "not used for the public Store API" },
      { fetch: safeFetch, publicUrl: "http://127.0.0.1" },
    );

  it("reads them from the public Store API, with pretty permalinks or without", async () => {
    for (const restUrl of [`${site.url}/wp-json/`, `${site.url}/?rest_route=/`]) {
      const store = pluginTarget(restUrl);
      expect((await store.searchProducts!("apron"))?.map((p) => [p.id, p.price])).toEqual([
        ["woocommerce:21", "32.00 USD"],
      ]);
      const [facts] = await store.readProductFacts!({ ids: ["woocommerce:31"], handles: [] });
      expect(facts?.variants).toEqual([
        { id: "woocommerce:31", title: "Stoneware Mug", price: "18.00", availableForSale: true, options: [] },
      ]);
      await expect(store.readFeaturedItems!(["woocommerce:99"])).rejects.toThrow(
        "One of the products you picked (woocommerce:99) is no longer in your store. Pick it again.",
      );
    }
  });

  it("offers nothing to feature when the site does not run WooCommerce", async () => {
    await withdrawStoreApi(site);
    expect(await pluginTarget(`${site.url}/wp-json/`).searchProducts!("mug")).toBeNull();
  });
});

/** Products 1000 onwards, "Shelf Item 1" to "Shelf Item <count>", at $5.00 each. */
const shelf = (count: number) =>
  Array.from({ length: count }, (_, i): StandInProduct => ({
    id: 1000 + i,
    name: `Shelf Item ${i + 1}`,
    price: "5.00",
  }));

const POST = `<h2>What to wear at the roaster</h2>
<p>The <a href="SITE/product/linen-apron/">Linen Apron</a> comes in Small and Large: $32 for the Small and $36 for the
Large, both in stock.</p>
<p>Fill a <a href="SITE/product/stoneware-mug/">Stoneware Mug</a> (€18.00) and sit down.</p>
<h2>In short</h2><p>Dress for the mess.</p>`;

/** A post written about the apron and the mug with their cards (their facts kept), scheduled for WordPress at t0. */
async function scheduledPost(policy = "hold") {
  const store = target();
  const featured = await store.readFeaturedItems!(["woocommerce:21", "woocommerce:31"]);
  const productFacts = await store.readProductFacts!({ ids: featured.map((f) => f.id), handles: [] });
  const productCards = toProductCards(featured, productFacts);
  const post = await db.prisma.blogPost.create({
    data: {
      userId,
      title: `Roaster style ${Math.random().toString(36).slice(2, 8)}`,
      content: "",
      htmlContent: insertProductCards(POST.replaceAll("SITE", site.url), productCards),
      keywords: ["apron"],
      productFacts,
      productCards,
      showProductCards: true,
      factsPolicy: policy,
    },
  });
  await schedulePost(
    { db },
    { userId, postId: post.id, scheduledDate: at(0), platforms: ["wordpress"], now: at(-minute) },
  );
  return post.id;
}

/** A post that names the mug and links to it without featuring it (no facts kept), scheduled for WordPress at t0. */
async function scheduledNamingPost(
  html = `<p>Fill a <a href="${site.url}/product/stoneware-mug/">Stoneware Mug</a> (€18.00, in stock) and sit down.</p>`,
) {
  const post = await db.prisma.blogPost.create({
    data: {
      userId,
      title: `Mugs ${Math.random().toString(36).slice(2, 8)}`,
      content: "",
      htmlContent: html,
      keywords: ["mug"],
    },
  });
  await schedulePost(
    { db },
    { userId, postId: post.id, scheduledDate: at(0), platforms: ["wordpress"], now: at(-minute) },
  );
  return post.id;
}

const scheduler = (clock: Date) =>
  createScheduler({ db, resolveTarget: async () => target(), instanceId: "woo-facts", now: () => clock });

const state = async (postId: number) => {
  const post = await db.prisma.blogPost.findUniqueOrThrow({ where: { id: postId }, include: { publications: true } });
  return { post, publication: post.publications[0]!, report: post.productFactsReport as ProductFactsReport | null };
};

describe("the Product facts check against WooCommerce before a scheduled post goes out", () => {
  it("publishes a post whose products have not changed, with WooCommerce's product block for each card", async () => {
    const postId = await scheduledPost();
    expect(await scheduler(at(15_000)).tick()).toMatchObject({ claimed: 1, published: 1, held: 0 });
    const { publication, report } = await state(postId);
    expect(publication.status).toBe("published");
    expect(report?.mismatches).toBe(0);
    expect(report?.products.map((p) => `${p.title}:${p.status}`)).toEqual([
      "Linen Apron:agrees",
      "Stoneware Mug:agrees",
    ]);
    const remote = await site.rest(`wp/v2/posts/${publication.remoteId}?context=edit`);
    const raw = ((await remote.json()) as { content: { raw: string } }).content.raw;
    expect(raw).toContain(
      '<!-- wp:woocommerce/single-product {"productId":21,"className":"postwright-product-card"} -->',
    );
    expect(raw).toContain(
      '<!-- wp:woocommerce/single-product {"productId":31,"className":"postwright-product-card"} -->',
    );
  });

  it("holds a post whose product's price or stock changed in WooCommerce: nothing published, the reason in words", async () => {
    const postId = await scheduledPost();
    const published = async () =>
      ((await (await site.rest("wp/v2/posts?status=any&per_page=100")).json()) as unknown[]).length;
    const before = await published();
    await setProducts(site, [
      { ...apron, variations: [apron.variations![0]!, { ...apron.variations![1]!, inStock: false }] },
      { ...mug, price: "21.00" },
    ]);
    expect(await scheduler(at(15_000)).tick()).toMatchObject({ claimed: 1, published: 0, held: 1 });
    const { post, publication, report } = await state(postId);
    expect(publication).toMatchObject({ status: "held", remoteId: null });
    expect(post.status).toBe("held");
    expect(publication.lastError).toContain("Stoneware Mug: the post says €18.00, the store's price is €21.00.");
    expect(report?.products.map((p) => `${p.title}:${p.status}`)).toEqual([
      "Linen Apron:mismatch",
      "Stoneware Mug:mismatch",
    ]);
    expect(await published()).toBe(before);
  });

  it('writes the current price in and publishes when the owner chose "update_prices"', async () => {
    const postId = await scheduledPost("update_prices");
    await setProducts(site, [apron, { ...mug, price: "21.00" }]);
    expect(await scheduler(at(15_000)).tick()).toMatchObject({ claimed: 1, published: 1, held: 0 });
    const { post, report } = await state(postId);
    expect(report?.mismatches).toBe(0);
    expect(post.htmlContent).toContain("€21.00");
    expect(post.htmlContent).not.toContain("€18.00");
  });

  it("checks a product the post names without featuring it, and holds the post once its price changed", async () => {
    const unchanged = await scheduledNamingPost();
    expect(await scheduler(at(15_000)).tick()).toMatchObject({ claimed: 1, published: 1, held: 0 });
    expect((await state(unchanged)).report?.products).toEqual([
      expect.objectContaining({ productId: "woocommerce:31", title: "Stoneware Mug", status: "agrees" }),
    ]);

    const changed = await scheduledNamingPost();
    await setProducts(site, [apron, { ...mug, price: "21.00", inStock: false }]);
    expect(await scheduler(at(30_000)).tick()).toMatchObject({ claimed: 1, published: 0, held: 1 });
    const { publication, report } = await state(changed);
    expect(publication).toMatchObject({ status: "held", remoteId: null });
    expect(report?.products[0]?.findings).toEqual([
      { kind: "price", post: "€18.00", store: "€21.00", agrees: false },
      { kind: "stock", post: "in stock", store: "sold out", agrees: false },
    ]);
  });

  it("checks a product past the store's first 500 that the post names, and holds the post once its price changed", async () => {
    await setProducts(site, [apron, mug, ...shelf(720)]);
    const naming = () =>
      scheduledNamingPost(
        `<p>Our <a href="${site.url}/product/shelf-item-700/">Shelf Item 700</a> is $5.00 and in stock.</p>`,
      );
    const unchanged = await naming();
    expect(await scheduler(at(15_000)).tick()).toMatchObject({ claimed: 1, published: 1, held: 0 });
    expect((await state(unchanged)).report?.products).toEqual([
      expect.objectContaining({ productId: "woocommerce:1699", title: "Shelf Item 700", status: "agrees" }),
    ]);

    const changed = await naming();
    const items = shelf(720);
    items[699] = { ...items[699]!, price: "7.50" };
    await setProducts(site, [apron, mug, ...items]);
    expect(await scheduler(at(30_000)).tick()).toMatchObject({ claimed: 1, published: 0, held: 1 });
    const { publication, report } = await state(changed);
    expect(publication).toMatchObject({ status: "held", remoteId: null });
    expect(publication.lastError).toContain("Shelf Item 700: the post says $5.00, the store's price is $7.50.");
    expect(report?.products[0]?.findings).toEqual([
      { kind: "price", post: "$5.00", store: "$7.50", agrees: false },
      { kind: "stock", post: "in stock", store: "in stock", agrees: true },
    ]);
  });
});

describe("a post naming products of the owner's Shopify store and of WooCommerce, published to WordPress", () => {
  const SHOP = "mixed-facts.myshopify.com";
  const TOKEN = "shpat_mixed_facts";
  let fake: FakeShopify;
  let roasterApron: FakeProduct;

  const shopifyTarget = () =>
    createShopifyTarget(
      { storeUrl: SHOP, accessToken: TOKEN, blogId: fake.shop(SHOP).blogs[0]!.id },
      { fetch, loadImage: async () => null, apiBaseUrl: fake.apiBaseUrlTemplate, pacer: new ShopifyCostPacer() },
    );
  /** The owner's store on each platform: the Shopify store and the WordPress site with WooCommerce. */
  const resolveTarget: TargetResolver = async ({ platform }) => (platform === "shopify" ? shopifyTarget() : target());

  beforeAll(async () => {
    fake = await startFakeShopify({
      shops: [
        {
          domain: SHOP,
          accessToken: TOKEN,
          blogs: [{ title: "News" }],
          primaryDomainUrl: "https://shop.example",
          scopes: ["read_content", "write_content", "read_files", "write_files", "read_products"],
        },
      ],
    });
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    const shop = fake.shop(SHOP);
    shop.products.splice(0);
    shop.articles.splice(0);
    [roasterApron] = addCatalogItems(shop, { products: [{ title: "Roaster Apron", price: "32" }] }).products as [
      FakeProduct,
    ];
  });

  /** Written about the Shopify store's apron and WooCommerce's mug (the facts of both kept), to go to WordPress. */
  async function mixedPost() {
    const productFacts = [
      ...(await shopifyTarget().readProductFacts!({ ids: [roasterApron.id], handles: [] })),
      ...(await target().readProductFacts!({ ids: ["woocommerce:31"], handles: [] })),
    ];
    const post = await db.prisma.blogPost.create({
      data: {
        userId,
        title: `Both shops ${Math.random().toString(36).slice(2, 8)}`,
        content: "",
        htmlContent: `<p>The <a href="https://shop.example/products/roaster-apron">Roaster Apron</a> is $32.00.</p>
<p>Fill a <a href="${site.url}/product/stoneware-mug/">Stoneware Mug</a> (€18.00) and sit down.</p>`,
        keywords: ["apron"],
        productFacts,
      },
    });
    return post.id;
  }

  const mixedScheduler = (clock: Date) =>
    createScheduler({ db, resolveTarget, instanceId: "mixed-facts", now: () => clock });
  const schedule = (postId: number) =>
    schedulePost({ db }, { userId, postId, scheduledDate: at(0), platforms: ["wordpress"], now: at(-minute) });

  it("checks both stores' products when the scheduled post goes out, and holds it when the Shopify price changed", async () => {
    const unchanged = await mixedPost();
    await schedule(unchanged);
    expect(await mixedScheduler(at(15_000)).tick()).toMatchObject({ claimed: 1, published: 1, held: 0 });
    expect((await state(unchanged)).report?.products.map((p) => `${p.title}:${p.status}`)).toEqual([
      "Roaster Apron:agrees",
      "Stoneware Mug:agrees",
    ]);

    const changed = await mixedPost();
    await schedule(changed);
    roasterApron.price = "35";
    expect(await mixedScheduler(at(30_000)).tick()).toMatchObject({ claimed: 1, published: 0, held: 1 });
    const { publication, report } = await state(changed);
    expect(publication).toMatchObject({ status: "held", remoteId: null });
    expect(publication.lastError).toContain("Roaster Apron: the post says $32.00, the store's price is $35.00.");
    expect(report?.products.map((p) => `${p.title}:${p.status}`)).toEqual([
      "Roaster Apron:mismatch",
      "Stoneware Mug:agrees",
    ]);
  });

  it("refuses Publish to WordPress with the Shopify product's change named, and publishes nothing", async () => {
    const postId = await mixedPost();
    const published = async () =>
      ((await (await site.rest("wp/v2/posts?status=any&per_page=100")).json()) as unknown[]).length;
    const before = await published();
    roasterApron.price = "35";
    const refused = await publishNow(
      { db, resolveTarget, instanceId: "mixed-now" },
      { userId, postId, platform: "wordpress" },
    ).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      status: 409,
      message: expect.stringContaining("Roaster Apron: the post says $32.00, the store's price is $35.00."),
    });
    expect((await state(postId)).report?.mismatches).toBe(1);
    expect(await published()).toBe(before);
  });
});
