// A scheduled post about the store's products is checked against the store again just before it goes out (prices
// change): prices, variants and stock changed in the (fake) Shopify store between writing and publishing are found;
// the owner's choice holds the post for review (nothing published, the reason in words, never claimed again) or writes
// the current prices in and publishes once. Runs on PGlite, or on PostgreSQL with TEST_DATABASE_URL.
import { updatePost } from "@postwright/core/blog";
import { updatePostSchema } from "@postwright/core/contracts";
import { createScheduler, publishNow, schedulePost } from "@postwright/core/scheduling";
import { createTestDatabase, type TestDatabase } from "@postwright/core/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ProductFacts, ProductFactsReport } from "../../core/src/contracts/facts.ts";
import { readProductFacts, toProductCards } from "../../core/src/facts/index.ts";
import { insertProductCards } from "../../core/src/publishing/product-cards/index.ts";
import { ShopifyCostPacer, createShopifyTarget } from "../../core/src/publishing/shopify/index.ts";
import { addCatalogItems, startFakeShopify, type FakeProduct, type FakeShopify } from "../fakes/shopify/index.ts";
import { seedUser } from "../support/scheduler/seed.ts";

const SHOP = "facts-shop.myshopify.com";
const TOKEN = "shpat_facts_scheduler";
const minute = 60_000;
const t0 = new Date(Math.floor(Date.now() / minute) * minute - 60 * minute);
const at = (ms: number) => new Date(t0.getTime() + ms);

let db: TestDatabase;
let fake: FakeShopify;
let userId: number;
let apron: FakeProduct;
let mug: FakeProduct;
let blogId: string;

const sizes = (prices: Record<string, string>, soldOut: string[] = []) =>
  Object.entries(prices).map(([size, price]) => ({
    title: size,
    price,
    availableForSale: !soldOut.includes(size),
    selectedOptions: [{ name: "Size", value: size }],
  }));

const target = () =>
  createShopifyTarget(
    { storeUrl: SHOP, accessToken: TOKEN, blogId },
    { fetch, loadImage: async () => null, apiBaseUrl: fake.apiBaseUrlTemplate, pacer: new ShopifyCostPacer() },
  );

const scheduler = (clock: Date) =>
  createScheduler({ db, resolveTarget: async () => target(), instanceId: "facts-test", now: () => clock });

/** What the store says now, through the same query the app runs when a post is written. */
const storeFacts = (ids: string[]) =>
  readProductFacts(
    async (query, variables) => {
      const response = await fetch(`${fake.apiBaseUrl(SHOP)}/admin/api/2026-10/graphql.json`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-shopify-access-token": TOKEN },
        body: JSON.stringify({ query, variables }),
      });
      return response.json();
    },
    { ids },
  );

const POST = `<h2>What to wear at the roaster</h2>
<p>The <a href="https://shop.example/products/linen-apron">Linen Apron</a> comes in Small and Large: $32 for the Small,
$36 for the Large, both in stock.</p>
<p>Fill a <a href="https://shop.example/products/stoneware-mug">Stoneware Mug</a> ($18.00) and sit down.</p>`;

/** A post written about the apron and the mug (their facts kept), scheduled for t0. */
async function scheduledPost(options: { policy?: string; html?: string; facts?: ProductFacts[] } = {}) {
  const productFacts = options.facts ?? (await storeFacts([apron.id, mug.id]));
  const post = await db.prisma.blogPost.create({
    data: {
      userId,
      title: `Roaster style ${Math.random().toString(36).slice(2, 8)}`,
      content: "",
      htmlContent: options.html ?? POST,
      keywords: ["apron"],
      productFacts,
      factsPolicy: options.policy ?? "hold",
    },
  });
  await schedulePost(
    { db },
    { userId, postId: post.id, scheduledDate: at(0), platforms: ["shopify"], now: at(-minute) },
  );
  return post.id;
}

const state = async (postId: number) => {
  const post = await db.prisma.blogPost.findUniqueOrThrow({ where: { id: postId }, include: { publications: true } });
  return { post, publication: post.publications[0]!, report: post.productFactsReport as ProductFactsReport | null };
};
beforeAll(async () => {
  db = await createTestDatabase();
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
  blogId = fake.shop(SHOP).blogs[0]!.id;
});
afterAll(async () => {
  await fake.close();
  await db.close();
});
beforeEach(async () => {
  await db.prisma.user.deleteMany();
  userId = await seedUser(db);
  const shop = fake.shop(SHOP);
  shop.products.splice(0);
  shop.articles.splice(0);
  const { products } = addCatalogItems(shop, {
    products: [{ title: "Linen Apron" }, { title: "Stoneware Mug", price: "18" }],
  });
  [apron, mug] = products as [FakeProduct, FakeProduct];
  apron.variants = sizes({ Small: "32", Large: "36" });
});

describe("the Product facts check before a scheduled post goes out", () => {
  it("publishes a post whose products have not changed, and keeps the report (no false alarm)", async () => {
    const postId = await scheduledPost();
    const result = await scheduler(at(15_000)).tick();
    expect(result).toMatchObject({ claimed: 1, published: 1, held: 0 });
    const { post, publication, report } = await state(postId);
    expect(publication.status).toBe("published");
    expect(post.status).toBe("published");
    expect(report?.mismatches).toBe(0);
    expect(report?.products.map((p) => `${p.title}:${p.status}`)).toEqual([
      "Linen Apron:agrees",
      "Stoneware Mug:agrees",
    ]);
    expect(fake.shop(SHOP).articles).toHaveLength(1);
  });

  it("holds a post whose product's price changed (hold by default): nothing published, the reason in words, never claimed again", async () => {
    const postId = await scheduledPost();
    mug.price = "21";
    expect(await scheduler(at(15_000)).tick()).toMatchObject({ claimed: 1, published: 0, held: 1 });
    const { post, publication, report } = await state(postId);
    expect(publication).toMatchObject({ status: "held", leaseOwner: null, remoteId: null });
    expect(publication.lastError).toContain("Stoneware Mug: the post says $18.00, the store's price is $21.00.");
    expect(post.status).toBe("held");
    expect(post.isScheduled).toBe(false);
    expect(post.lastError).toMatch(/^Shopify: Held for review: your store's products changed/);
    expect(report?.products.find((p) => p.title === "Stoneware Mug")?.status).toBe("mismatch");
    expect(report?.products.find((p) => p.title === "Linen Apron")?.status).toBe("agrees");
    expect(fake.shop(SHOP).articles).toHaveLength(0);
    // Later ticks leave it alone.
    expect(await scheduler(at(30 * minute)).tick()).toMatchObject({ claimed: 0 });
    expect(fake.shop(SHOP).articles).toHaveLength(0);
  });

  it("writes the store's current prices in and publishes once when the owner chose to update prices", async () => {
    const postId = await scheduledPost({ policy: "update_prices" });
    mug.price = "21";
    apron.variants = sizes({ Small: "34", Large: "39" });
    expect(await scheduler(at(15_000)).tick()).toMatchObject({ claimed: 1, published: 1, held: 0 });
    const { post, publication, report } = await state(postId);
    expect(publication.status).toBe("published");
    expect(post.htmlContent).toContain("$34 for the Small,\n$39 for the Large");
    expect(post.htmlContent).toContain("($21.00)");
    expect(report?.mismatches).toBe(0);
    const [article] = fake.shop(SHOP).articles;
    expect(article?.body).toContain("($21.00)");
    expect(article?.body).toContain("$39 for the Large");
    expect(await scheduler(at(30 * minute)).tick()).toMatchObject({ claimed: 0 });
    expect(fake.shop(SHOP).articles).toHaveLength(1);
  });

  it("holds, even when updating prices, a post naming a size the store no longer sells", async () => {
    const postId = await scheduledPost({ policy: "update_prices" });
    apron.variants = sizes({ Small: "32", Medium: "34" });
    expect(await scheduler(at(15_000)).tick()).toMatchObject({ held: 1, published: 0 });
    const { publication, post } = await state(postId);
    expect(publication.lastError).toContain("the post names Large, the store sells Small, Medium");
    expect(post.htmlContent).toBe(POST);
    expect(fake.shop(SHOP).articles).toHaveLength(0);
  });

  it("holds a post that says a variant is in stock once the store sold it out", async () => {
    const postId = await scheduledPost();
    apron.variants = sizes({ Small: "32", Large: "36" }, ["Large"]);
    expect(await scheduler(at(15_000)).tick()).toMatchObject({ held: 1 });
    const { publication } = await state(postId);
    expect(publication.lastError).toContain('the post says "in stock", the store says Large: sold out');
  });

  it("checks a product the post only links to, found through the site index, and a product deleted since is not checkable", async () => {
    const connection = await db.prisma.shopifyConnection.create({
      data: { userId, storeName: "Facts", storeUrl: SHOP, apiKey: "", password: "", blogId },
    });
    await db.prisma.siteIndexEntry.create({
      data: {
        userId,
        platform: "shopify",
        connectionId: connection.id,
        kind: "product",
        url: "https://shop.example/products/stoneware-mug",
        title: "Stoneware Mug",
      },
    });
    // Written about the apron only; the mug is linked from the index.
    const written = await storeFacts([apron.id]);
    const postId = await scheduledPost({ facts: written });
    mug.price = "19.50";
    expect(await scheduler(at(15_000)).tick()).toMatchObject({ held: 1 });
    expect((await state(postId)).publication.lastError).toContain("the store's price is $19.50");

    fake.shop(SHOP).products.splice(fake.shop(SHOP).products.indexOf(apron), 1);
    mug.price = "18";
    const second = await scheduledPost({ facts: written });
    expect(await scheduler(at(15_000)).tick()).toMatchObject({ published: 1 });
    const { report } = await state(second);
    expect(report?.products.map((p) => `${p.title}:${p.status}`)).toEqual([
      "Linen Apron:not_checkable",
      "Stoneware Mug:agrees",
    ]);
  });

  it("re-schedules a held post once the owner fixed it, and publishes it", async () => {
    const postId = await scheduledPost();
    mug.price = "21";
    await scheduler(at(15_000)).tick();
    const { post } = await state(postId);
    await db.prisma.blogPost.update({
      where: { id: postId },
      data: { htmlContent: post.htmlContent.replace("$18.00", "$21.00") },
    });
    await schedulePost(
      { db },
      { userId, postId, scheduledDate: at(2 * minute), platforms: ["shopify"], now: at(minute) },
    );
    expect((await state(postId)).post.status).toBe("scheduled");
    expect(await scheduler(at(2 * minute + 15_000)).tick()).toMatchObject({ published: 1 });
    expect((await state(postId)).post.status).toBe("published");
    expect(fake.shop(SHOP).articles).toHaveLength(1);
  });

  it("publishes a held post with the current prices once the owner switches it to update prices and schedules it again", async () => {
    const postId = await scheduledPost();
    mug.price = "21";
    await scheduler(at(15_000)).tick();
    expect((await state(postId)).post.status).toBe("held");
    const view = await updatePost({ prisma: db.prisma }, { userId, postId, patch: { factsPolicy: "update_prices" } });
    expect(view.factsPolicy).toBe("update_prices");
    expect(view.productFacts?.mismatches).toBe(1);
    expect(updatePostSchema.safeParse({ factsPolicy: "publish" }).error?.issues[0]?.message).toBe(
      'Choose "hold" or "update_prices"',
    );
    await schedulePost(
      { db },
      { userId, postId, scheduledDate: at(2 * minute), platforms: ["shopify"], now: at(minute) },
    );
    expect(await scheduler(at(2 * minute + 15_000)).tick()).toMatchObject({ published: 1, held: 0 });
    const { post } = await state(postId);
    expect(post.htmlContent).toContain("($21.00)");
    expect(fake.shop(SHOP).articles).toHaveLength(1);
  });
});

describe("the Product facts check when the owner presses Publish", () => {
  /** A post written about the apron and the mug, not scheduled. */
  async function draftPost(policy = "hold") {
    const post = await db.prisma.blogPost.create({
      data: {
        userId,
        title: `Roaster style ${Math.random().toString(36).slice(2, 8)}`,
        content: "",
        htmlContent: POST,
        keywords: ["apron"],
        productFacts: await storeFacts([apron.id, mug.id]),
        factsPolicy: policy,
      },
    });
    return post.id;
  }
  const publish = (postId: number) =>
    publishNow(
      { db, resolveTarget: async () => target(), instanceId: "facts-now" },
      { userId, postId, platform: "shopify" },
    );

  it("refuses with each change named when a price changed since writing, publishes nothing, and publishes once fixed", async () => {
    const postId = await draftPost();
    mug.price = "21";
    const refused = await publish(postId).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      status: 409,
      message: expect.stringContaining("Stoneware Mug: the post says $18.00, the store's price is $21.00."),
    });
    expect((refused as Error).message).toMatch(/then publish it again\.$/);
    expect(fake.shop(SHOP).articles).toHaveLength(0);
    expect((await state(postId)).report?.mismatches).toBe(1);

    await db.prisma.blogPost.update({
      where: { id: postId },
      data: { htmlContent: POST.replace("$18.00", "$21.00") },
    });
    const { publication } = await publish(postId);
    expect(publication.status).toBe("published");
    expect(fake.shop(SHOP).articles).toHaveLength(1);
  });

  it("writes the current prices in and publishes when the owner chose to update prices", async () => {
    const postId = await draftPost("update_prices");
    mug.price = "21";
    const { publication } = await publish(postId);
    expect(publication.status).toBe("published");
    expect(fake.shop(SHOP).articles[0]?.body).toContain("($21.00)");
    expect((await state(postId)).post.htmlContent).toContain("($21.00)");
  });
});

describe("a post's product cards before it goes out", () => {
  /** A post about the mug with "Show as product cards": its card shows the store's price and stock at writing time. */
  async function postWithCard(policy: string) {
    const productFacts = await storeFacts([mug.id]);
    const featured = [
      {
        kind: "product" as const,
        id: mug.id,
        title: "Stoneware Mug",
        handle: "stoneware-mug",
        description: "",
        price: "18.00 USD",
        url: "https://shop.example/products/stoneware-mug",
        image: { url: "https://cdn.shopify.com/s/files/1/mug.jpg", altText: "A grey mug" },
      },
    ];
    const productCards = toProductCards(featured, productFacts);
    const post = await db.prisma.blogPost.create({
      data: {
        userId,
        title: `Morning cups ${Math.random().toString(36).slice(2, 8)}`,
        content: "",
        htmlContent: insertProductCards(
          '<h2>Cups</h2><p>We pour into a <a href="https://shop.example/products/stoneware-mug">mug</a>.</p><h2>Last</h2><p>Bye.</p>',
          productCards,
        ),
        keywords: ["mug"],
        productFacts,
        productCards,
        showProductCards: true,
        factsPolicy: policy,
      },
    });
    await schedulePost(
      { db },
      { userId, postId: post.id, scheduledDate: at(0), platforms: ["shopify"], now: at(-minute) },
    );
    return post.id;
  }

  it("holds a post whose card shows a price the store changed since", async () => {
    const postId = await postWithCard("hold");
    mug.price = "21";
    expect(await scheduler(at(15_000)).tick()).toMatchObject({ published: 0, held: 1 });
    const { post, report } = await state(postId);
    expect(post.status).toBe("held");
    expect(report?.products[0]?.summary).toBe("Stoneware Mug: the post says $18.00, the store's price is $21.00.");
    expect(fake.shop(SHOP).articles).toHaveLength(0);
  });

  it("writes the new price into the card and publishes the card in the article when the owner chose update_prices", async () => {
    const postId = await postWithCard("update_prices");
    mug.price = "21";
    expect(await scheduler(at(15_000)).tick()).toMatchObject({ published: 1, held: 0 });
    const { post } = await state(postId);
    expect(post.htmlContent).toContain('<p class="postwright-product-card__price">$21.00</p>');
    // The card kept with the post has the new price too (turned off and on, it shows $21.00).
    expect(post.productCards).toMatchObject([{ productId: mug.id, price: "21.00" }]);
    const body = fake.shop(SHOP).articles[0]!.body;
    expect(body).toContain(
      '<div class="postwright-product-card" data-product-id="' +
        mug.id +
        '">' +
        '<img class="postwright-product-card__image" src="https://cdn.shopify.com/s/files/1/mug.jpg" alt="A grey mug" loading="lazy" />' +
        '<p class="postwright-product-card__name"><a href="https://shop.example/products/stoneware-mug">Stoneware Mug</a></p>' +
        '<p class="postwright-product-card__price">$21.00</p>',
    );
    expect(body).not.toContain("$18.00");
  });
});
