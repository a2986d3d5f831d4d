// POST /api/blog-posts/:id/product-facts: before publishing or scheduling, the post's Product facts report is read
// against the connected store (the fake Shopify, every query checked against Shopify's schema): agrees while the store
// is unchanged, a mismatch once a price changes, kept with the post; the owner's own posts only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPostView } from "@postwright/core/contracts";
import { addCatalogItems, startFakeShopify, type FakeShopify } from "../../../../tests/fakes/shopify/index.ts";
import { createTestApp, type TestAgent, type TestApp } from "../testing/index.ts";

const SHOP = "facts-route.myshopify.com";
const TOKEN = "shpat_facts_route";

let fake: FakeShopify;
let app: TestApp;

beforeAll(async () => {
  fake = await startFakeShopify({
    shops: [
      {
        domain: SHOP,
        accessToken: TOKEN,
        blogs: [{ title: "News", handle: "news" }],
        primaryDomainUrl: "https://mugs.example",
        scopes: ["read_content", "write_content", "read_files", "write_files", "read_products"],
      },
    ],
  });
  app = await createTestApp({ env: { ALLOW_PRIVATE_NETWORK_TARGETS: "1" } });
  app.ctx.shopifyApiBaseUrl = fake.apiBaseUrlTemplate;
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

async function owner(connected = true): Promise<{ agent: TestAgent; userId: number }> {
  const agent = app.agent();
  const { user } = await app.signUpAndLogin(agent, { firstName: "Mia", lastName: "Potter" });
  if (connected) {
    const res = await agent.post("/api/shopify/connection").send({
      storeName: "Mugs",
      storeUrl: SHOP,
      accessToken: TOKEN,
      blogId: fake.shop(SHOP).blogs[0]!.id,
    });
    expect(res.status).toBe(200);
  }
  return { agent, userId: user.id };
}

describe("POST /api/blog-posts/:id/product-facts", () => {
  it("checks the post against the store now and keeps the report with the post", async () => {
    const { agent, userId } = await owner();
    const {
      products: [mug],
    } = addCatalogItems(fake.shop(SHOP), { products: [{ title: "Speckled Mug", price: "22" }] });
    const post = await app.db.prisma.blogPost.create({
      data: {
        userId,
        title: "Morning mugs",
        content: "",
        htmlContent: `<p>Our <a href="https://mugs.example/products/speckled-mug">Speckled Mug</a> is $22 and in stock.</p>`,
        keywords: ["mug"],
      },
    });
    // The mug is found through the link (the site index) and read by its handle.
    await app.db.prisma.siteIndexEntry.create({
      data: {
        userId,
        platform: "shopify",
        connectionId: (await app.db.prisma.shopifyConnection.findFirstOrThrow({ where: { userId } })).id,
        kind: "product",
        url: "https://mugs.example/products/speckled-mug",
        title: "Speckled Mug",
      },
    });

    const agrees = await agent.post(`/api/blog-posts/${post.id}/product-facts`);
    expect(agrees.status).toBe(200);
    const view = (agrees.body as { blogPost: BlogPostView }).blogPost;
    expect(view.productFacts).toMatchObject({
      mismatches: 0,
      products: [{ title: "Speckled Mug", status: "agrees" }],
    });
    expect(view.factsPolicy).toBe("hold");

    mug!.price = "25";
    const changed = await agent.post(`/api/blog-posts/${post.id}/product-facts`);
    expect(changed.status).toBe(200);
    const report = (changed.body as { blogPost: BlogPostView }).blogPost.productFacts;
    expect(report?.products[0]).toMatchObject({
      status: "mismatch",
      findings: [
        { kind: "price", post: "$22", store: "$25.00", agrees: false },
        { kind: "stock", post: "in stock", store: "in stock", agrees: true },
      ],
    });
    const stored = await agent.get(`/api/blog-posts/${post.id}`);
    expect((stored.body as BlogPostView).productFacts?.mismatches).toBe(1);
  });

  it("answers 404 for another member's post, 400 without a store, and null for a post naming none of its products", async () => {
    const { userId } = await owner();
    const theirs = await app.db.prisma.blogPost.create({
      data: { userId, title: "Theirs", content: "", htmlContent: "<p>Tea.</p>", keywords: ["tea"] },
    });
    const other = await owner(false);
    const refused = await other.agent.post(`/api/blog-posts/${theirs.id}/product-facts`);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: "Blog post not found." });

    const mine = await app.db.prisma.blogPost.create({
      data: { userId: other.userId, title: "Mine", content: "", htmlContent: "<p>Tea.</p>", keywords: ["tea"] },
    });
    const noStore = await other.agent.post(`/api/blog-posts/${mine.id}/product-facts`);
    expect(noStore.status).toBe(400);
    expect(typeof (noStore.body as { message: string }).message).toBe("string");

    const { agent } = await owner();
    const plain = await app.db.prisma.blogPost.create({
      data: {
        userId: (await app.db.prisma.user.findFirstOrThrow({ orderBy: { id: "desc" } })).id,
        title: "Plain",
        content: "",
        htmlContent: "<p>Brew tea for three minutes.</p>",
        keywords: ["tea"],
      },
    });
    const none = await agent.post(`/api/blog-posts/${plain.id}/product-facts`);
    expect(none.status).toBe(200);
    expect((none.body as { blogPost: BlogPostView }).blogPost.productFacts).toBeNull();
  });
});
