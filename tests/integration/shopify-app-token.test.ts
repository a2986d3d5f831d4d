// A shop that installed the embedded app publishes with the app's offline token, which expires: every background use
// (the scheduler, the Publish button) refreshes it first at Shopify's /admin/oauth/access_token (here the fake), then
// the article lands once in the store.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolvePublishTarget, type ConnectionDeps } from "../../core/src/connections/index.ts";
import { ShopifyCostPacer } from "../../core/src/publishing/shopify/index.ts";
import {
  createShopifySessionStore,
  findOrCreateShopAccount,
  offlineSessionId,
  reinstallMessage,
} from "../../core/src/shopify-shops/index.ts";
import { createTestDatabase, type TestDatabase } from "../../core/src/testing/index.ts";
import { startFakeShopify, type FakeShopify } from "../fakes/shopify/index.ts";

const SHOP = "refresh-store.myshopify.com";
let fake: FakeShopify;
let db: TestDatabase;
let deps: ConnectionDeps;

beforeAll(async () => {
  fake = await startFakeShopify({ shops: [{ domain: SHOP, name: "Refresh Store" }] });
  db = await createTestDatabase();
  deps = {
    prisma: db.prisma,
    encryptionKey: randomBytes(32),
    fetch,
    allowPrivateNetworkTargets: true,
    loadImage: async () => null,
    shopifyApiBaseUrl: fake.apiBaseUrlTemplate,
    shopifyPacer: new ShopifyCostPacer(),
    shopifyApp: { apiKey: "testApiKey", apiSecret: "testApiSecretKey" },
  };
});
afterAll(async () => {
  await db.close();
  await fake.close();
});

/** The state after an install an hour ago: the offline token has expired since. */
async function installAnHourAgo() {
  const { accessToken, refreshToken } = fake.issueTokens(SHOP);
  const { user } = await findOrCreateShopAccount(
    { prisma: db.prisma },
    { shop: SHOP, name: "Refresh Store", email: "owner@refresh.example", blogId: fake.shop(SHOP).blogs[0]!.id },
  );
  await createShopifySessionStore(deps).storeSession({
    id: offlineSessionId(SHOP),
    shop: SHOP,
    state: "",
    isOnline: false,
    scope: "write_content",
    expires: new Date(Date.now() - 60_000),
    accessToken,
    refreshToken,
    refreshTokenExpires: new Date(Date.now() + 86_400_000),
    onlineAccessInfo: null,
  });
  return { user, accessToken, refreshToken };
}

const post = {
  id: 7,
  title: "Candles for long evenings",
  html: "<p>Soy wax burns slowly.</p>",
  metaDescription: "Soy candles.",
  keywords: ["candles"],
  images: [],
  handle: "candles-for-long-evenings-pw7",
  author: "Refresh Store",
  seoTitle: null,
  slug: null,
  focusKeyphrase: null,
};

describe("the shop's offline token", () => {
  it("is refreshed before a publication once expired, stored encrypted, and the article is created once", async () => {
    const { user, accessToken: expired, refreshToken } = await installAnHourAgo();
    const target = await resolvePublishTarget(deps, { userId: user.id, platform: "shopify" });
    const result = await target.publish(post, { remoteId: null });

    expect(fake.grants.map((g) => g.grantType)).toEqual(["refresh_token"]);
    const fresh = fake.grants[0]!;
    const stored = await db.prisma.shopifySession.findUniqueOrThrow({ where: { id: offlineSessionId(SHOP) } });
    expect(stored.accessToken).not.toContain(fresh.accessToken);
    expect(stored.refreshToken).not.toContain(fresh.refreshToken);
    const session = await createShopifySessionStore(deps).loadSession(offlineSessionId(SHOP));
    expect(session).toMatchObject({ accessToken: fresh.accessToken, refreshToken: fresh.refreshToken });
    expect(session!.expires!.getTime()).toBeGreaterThan(Date.now());
    expect(fresh.accessToken).not.toBe(expired);
    expect(refreshToken).not.toBe(fresh.refreshToken);

    const articles = fake.shop(SHOP).articles.filter((a) => a.title === post.title);
    expect(articles).toHaveLength(1);
    expect(result.remoteId).toBe(articles[0]!.id);

    // A second use within the hour reuses the refreshed token: no new grant.
    await (await resolvePublishTarget(deps, { userId: user.id, platform: "shopify" })).publish(post, result);
    expect(fake.grants).toHaveLength(1);
    expect(fake.shop(SHOP).articles.filter((a) => a.title === post.title)).toHaveLength(1);
  });

  it("asks the merchant to open the app again when the refresh token is refused", async () => {
    const { user } = await installAnHourAgo();
    fake.issueTokens(SHOP); // a newer grant retires this session's refresh token
    await expect(resolvePublishTarget(deps, { userId: user.id, platform: "shopify" })).rejects.toThrow(
      reinstallMessage,
    );
  });
});
