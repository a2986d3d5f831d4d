// The Shopify connection API against the fake Shopify (which checks every query against Shopify's real schema):
// testing a token, saving it (checked, encrypted, never returned), one store per plan or several, and disconnecting.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptSecret } from "@postwright/core/security";
import { startFakeShopify, type FakeShopify } from "../../../../tests/fakes/shopify/index.ts";
import { createTestApp, type TestAgent, type TestApp } from "../testing/index.ts";

const SHOP = "seo-store.myshopify.com";
const TOKEN = "shpat_seo_store_secret";
const OTHER_SHOP = "second-store.myshopify.com";
const OTHER_TOKEN = "shpat_second_store_secret";

let fake: FakeShopify;
let app: TestApp;

beforeAll(async () => {
  fake = await startFakeShopify({
    shops: [
      { domain: SHOP, accessToken: TOKEN, name: "SEO Store", blogs: [{ title: "News" }, { title: "Guides" }] },
      { domain: OTHER_SHOP, accessToken: OTHER_TOKEN, blogs: [{ title: "Journal" }] },
      { domain: "third-store.myshopify.com", accessToken: "shpat_third", blogs: [{ title: "Blog" }] },
    ],
  });
  // The fake listens on 127.0.0.1, which the outbound guard refuses unless private targets are allowed.
  app = await createTestApp({ env: { ALLOW_PRIVATE_NETWORK_TARGETS: "1" } });
  app.ctx.shopifyApiBaseUrl = fake.apiBaseUrlTemplate;
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

const blogIdOf = (domain: string, title: string) => fake.shop(domain).blogs.find((b) => b.title === title)!.id;

async function signedIn(): Promise<{ agent: TestAgent; userId: number }> {
  const agent = app.agent();
  const { user } = await app.signUpAndLogin(agent);
  return { agent, userId: user.id };
}

function connect(agent: TestAgent, overrides: Record<string, unknown> = {}) {
  return agent.post("/api/shopify/connection").send({
    storeName: "My SEO Store",
    storeUrl: "https://seo-store.myshopify.com/",
    accessToken: TOKEN,
    blogId: blogIdOf(SHOP, "Guides"),
    ...overrides,
  });
}

async function setPlan(userId: number, plan: string) {
  await app.db.prisma.user.update({
    where: { id: userId },
    data: { subscriptionPlan: plan, subscriptionStatus: plan === "free" ? "free" : "active" },
  });
}

describe("POST /api/shopify/test-connection", () => {
  it("lists the store's blogs for a valid token, with the placeholder apiKey and the token as password", async () => {
    const { agent } = await signedIn();
    const res = await agent
      .post("/api/shopify/test-connection")
      .send({ storeUrl: "seo-store", apiKey: "placeholder", password: TOKEN });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      valid: true,
      blogs: [
        { id: blogIdOf(SHOP, "News"), title: "News" },
        { id: blogIdOf(SHOP, "Guides"), title: "Guides" },
      ],
    });
  });

  it("answers invalid with Shopify's reason for a wrong token", async () => {
    const { agent } = await signedIn();
    const res = await agent.post("/api/shopify/test-connection").send({ storeUrl: SHOP, accessToken: "shpat_wrong" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      valid: false,
      blogs: [],
      message: expect.stringMatching(/^Shopify rejected the access token/),
    });
  });

  it("asks for the store URL and token, and for a signed-in user", async () => {
    const { agent } = await signedIn();
    const missing = await agent.post("/api/shopify/test-connection").send({ storeUrl: SHOP });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Please enter store URL and access token");
    const anonymous = await app
      .agent()
      .post("/api/shopify/test-connection")
      .send({ storeUrl: SHOP, accessToken: TOKEN });
    expect(anonymous.status).toBe(401);
  });
});

describe("saving the Shopify connection", () => {
  it("saves the store normalised with the chosen blog and never returns or stores the token in clear", async () => {
    const { agent, userId } = await signedIn();
    const saved = await connect(agent);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      id: expect.any(Number),
      storeName: "My SEO Store",
      storeUrl: "https://seo-store.myshopify.com",
      blogId: blogIdOf(SHOP, "Guides"),
      isActive: true,
      createdAt: expect.any(String),
    });
    const read = await agent.get("/api/shopify/connection");
    expect(read.status).toBe(200);
    expect(read.body).toEqual(saved.body);
    for (const body of [saved.text, read.text, (await agent.get("/api/shopify/connections")).text]) {
      expect(body).not.toContain(TOKEN);
    }

    const row = await app.db.prisma.shopifyConnection.findFirstOrThrow({ where: { userId } });
    expect(row.password).not.toContain(TOKEN);
    expect(decryptSecret(row.password, app.config.encryptionKey)).toBe(TOKEN);
    expect(row.apiKey).not.toContain(TOKEN);
  });

  it("refuses a token Shopify rejects, with Shopify's reason, and saves nothing", async () => {
    const { agent, userId } = await signedIn();
    const res = await connect(agent, { accessToken: "shpat_not_the_token" });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Shopify rejected the access token/);
    expect(await app.db.prisma.shopifyConnection.count({ where: { userId } })).toBe(0);
    expect((await agent.get("/api/shopify/connection")).body).toBeNull();
  });

  it("requires a blog of that store", async () => {
    const { agent } = await signedIn();
    const missing = await connect(agent, { blogId: "" });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Blog selection is required");
    const foreign = await connect(agent, { blogId: blogIdOf(OTHER_SHOP, "Journal") });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/blog was not found in this store/);
  });

  it("keeps each user's connection to themselves", async () => {
    const owner = await signedIn();
    expect((await connect(owner.agent)).status).toBe(200);
    const stranger = await signedIn();
    expect((await stranger.agent.get("/api/shopify/connection")).body).toBeNull();
    expect((await stranger.agent.get("/api/shopify/connections")).body).toEqual([]);
    const ownerId = (await owner.agent.get("/api/shopify/connection")).body.id as number;
    const removal = await stranger.agent.delete(`/api/shopify/connections/${ownerId}`);
    expect(removal.status).toBe(404);
    expect((await owner.agent.get("/api/shopify/connection")).body.id).toBe(ownerId);
  });

  it("puts another store in use on a plan with one connection per platform (the old one kept, off), and updates the same store in place", async () => {
    const { agent, userId } = await signedIn();
    const first = await connect(agent);
    const again = await connect(agent, { storeName: "Renamed", blogId: blogIdOf(SHOP, "News") });
    expect(again.body).toMatchObject({ id: first.body.id, storeName: "Renamed", blogId: blogIdOf(SHOP, "News") });
    const other = await connect(agent, {
      storeName: "Second",
      storeUrl: OTHER_SHOP,
      accessToken: OTHER_TOKEN,
      blogId: blogIdOf(OTHER_SHOP, "Journal"),
    });
    expect(other.status).toBe(200);
    expect(other.body.storeUrl).toBe("https://second-store.myshopify.com");
    expect(other.body.id).not.toBe(first.body.id);
    const rows = await app.db.prisma.shopifyConnection.findMany({ where: { userId }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.storeUrl, r.isActive])).toEqual([
      ["https://seo-store.myshopify.com", false],
      ["https://second-store.myshopify.com", true],
    ]);
    expect(decryptSecret(rows[1]!.password, app.config.encryptionKey)).toBe(OTHER_TOKEN);
    expect((await agent.get("/api/shopify/connection")).body.id).toBe(other.body.id);
  });

  it("keeps several stores on the professional plan, the last saved in use, up to the plan's limit", async () => {
    const { agent, userId } = await signedIn();
    await setPlan(userId, "professional");
    await connect(agent);
    const second = await connect(agent, {
      storeName: "Second",
      storeUrl: OTHER_SHOP,
      accessToken: OTHER_TOKEN,
      blogId: blogIdOf(OTHER_SHOP, "Journal"),
    });
    const list = await agent.get("/api/shopify/connections");
    expect(list.body.map((c: { storeName: string; isActive: boolean }) => [c.storeName, c.isActive])).toEqual([
      ["Second", true],
      ["My SEO Store", false],
    ]);
    expect((await agent.get("/api/shopify/connection")).body.id).toBe(second.body.id);

    // At the limit, another store is refused rather than silently replacing one.
    await app.db.prisma.shopifyConnection.createMany({
      data: Array.from({ length: 8 }, (_, i) => ({
        userId,
        storeName: `Filler ${i}`,
        storeUrl: `https://filler-${i}.myshopify.com`,
        apiKey: "custom-app",
        password: "v1:unused",
        blogId: "gid://shopify/Blog/1",
        isActive: false,
      })),
    });
    const third = await connect(agent, {
      storeName: "Third",
      storeUrl: "third-store",
      accessToken: "shpat_third",
      blogId: blogIdOf("third-store.myshopify.com", "Blog"),
    });
    expect(third.status).toBe(403);
    expect(third.body.message).toBe(
      "Your plan connects up to 10 Shopify stores. Disconnect one before connecting another.",
    );
  });

  it("disconnects the store in use, and the next saved one takes its place", async () => {
    const { agent, userId } = await signedIn();
    await setPlan(userId, "professional");
    const first = await connect(agent);
    await connect(agent, {
      storeName: "Second",
      storeUrl: OTHER_SHOP,
      accessToken: OTHER_TOKEN,
      blogId: blogIdOf(OTHER_SHOP, "Journal"),
    });
    const removed = await agent.delete("/api/shopify/connection");
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: "Shopify store disconnected." });
    expect((await agent.get("/api/shopify/connection")).body).toMatchObject({ id: first.body.id, isActive: true });
    expect((await agent.delete("/api/shopify/connection")).status).toBe(200);
    expect((await agent.get("/api/shopify/connection")).body).toBeNull();
    const nothing = await agent.delete("/api/shopify/connection");
    expect(nothing.status).toBe(404);
    expect(nothing.body.message).toBe("No Shopify store is connected.");
  });

  it("sent Shopify only queries its schema accepts", () => {
    const graphql = fake.requests.filter((r) => r.kind === "graphql");
    expect(graphql.length).toBeGreaterThan(0);
    expect(graphql.filter((r) => r.status === 200 && r.errors !== null)).toEqual([]);
  });
});
