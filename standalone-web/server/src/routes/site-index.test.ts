// The site index's state on the site's API: GET /api/site-index answers each connected site's index (queued, being
// read with its pages so far, ready with its pages, failed with its reason), POST /api/site-index/refresh queues a new
// read and answers the state. Only the owner's own sites; a store connected through the API is indexed by the app's
// site indexer without anyone asking.
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteIndexStatus } from "@postwright/core/contracts";
import { seedStoreContent, startFakeShopify, type FakeShopify } from "../../../../tests/fakes/shopify/index.ts";
import { createAppSiteIndexer } from "../background.ts";
import { createTestApp, type TestApp } from "../testing/index.ts";

const SHOP = "state-store.myshopify.com";
const TOKEN = "shpat_state_store";
let fake: FakeShopify;
let app: TestApp;

beforeAll(async () => {
  fake = await startFakeShopify({
    shops: [
      {
        domain: SHOP,
        accessToken: TOKEN,
        name: "State Store",
        blogs: [{ title: "News" }],
        scopes: ["read_content", "write_content", "read_products"],
      },
    ],
  });
  seedStoreContent(fake.shop(SHOP), { products: 120, collections: 3, pages: 2, unpublishedEvery: 0 });
  app = await createTestApp({ env: { ALLOW_PRIVATE_NETWORK_TARGETS: "1" } });
  app.ctx.shopifyApiBaseUrl = fake.apiBaseUrlTemplate;
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

describe("the site index API", () => {
  it("asks for a session", async () => {
    const res = await app.agent().get("/api/site-index");
    expect(res.status).toBe(401);
    expect((await app.agent().post("/api/site-index/refresh")).status).toBe(401);
  });

  it("shows a store's index from connection to ready, and queues a new read on demand, for its owner only", async () => {
    const agent = app.agent();
    await app.signUpAndLogin(agent);
    expect((await agent.get("/api/site-index")).body).toEqual({ sites: [] });

    const saved = await agent.post("/api/shopify/connection").send({
      storeName: "State Store",
      storeUrl: SHOP,
      accessToken: TOKEN,
      blogId: fake.shop(SHOP).blogs[0]!.id,
    });
    expect(saved.status).toBe(200);
    const queued = await agent.get("/api/site-index");
    expect(queued.status).toBe(200);
    expect(queued.body.sites).toEqual([
      {
        platform: "shopify",
        connectionId: expect.any(Number),
        siteName: "State Store",
        siteUrl: `https://${SHOP}`,
        state: "queued",
        pagesRead: 0,
        pagesIndexed: 0,
        indexedAt: null,
        error: null,
        canRetry: false,
        checkingForChanges: false,
      },
    ]);

    const indexer = createAppSiteIndexer(app.ctx, { intervalMs: 100 });
    indexer.start();
    try {
      let site: SiteIndexStatus | undefined;
      for (let i = 0; i < 300 && site?.state !== "ready"; i++) {
        site = (await agent.get("/api/site-index")).body.sites[0];
        if (site?.state !== "ready") await sleep(50);
      }
      expect(site).toMatchObject({ state: "ready", pagesIndexed: 2 + 3 + 120, canRetry: true, error: null });
      expect(Number.isNaN(Date.parse(site!.indexedAt!))).toBe(false);

      // Another owner sees nothing of it.
      const other = app.agent();
      await app.signUpAndLogin(other);
      expect((await other.get("/api/site-index")).body).toEqual({ sites: [] });
      expect((await other.post("/api/site-index/refresh")).body).toEqual({ sites: [] });

      const refreshed = await agent.post("/api/site-index/refresh");
      expect(refreshed.status).toBe(200);
      expect(["queued", "reading"]).toContain(refreshed.body.sites[0].state);
      // The pages indexed stay usable while the store is read again.
      expect(refreshed.body.sites[0]).toMatchObject({ pagesIndexed: 125, canRetry: false });

      // Disconnecting the store takes its pages: new posts no longer link to it.
      expect((await agent.delete("/api/shopify/connection")).status).toBeLessThan(300);
      expect((await agent.get("/api/site-index")).body).toEqual({ sites: [] });
      expect(await app.db.prisma.siteIndexEntry.count({ where: { connectionId: site!.connectionId } })).toBe(0);
    } finally {
      await indexer.stop();
    }
  });
});
