import { mkdtempSync, existsSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/index.ts";
import { getEntitlements } from "../billing/index.ts";
import { createShopifySessionStore } from "../shopify-sessions/create-shopify-session-store.ts";
import { findOrCreateShopAccount } from "./find-or-create-shop-account.ts";
import { handleShopWebhook, type ShopWebhookDeps } from "./handle-shop-webhook.ts";
import { offlineSessionId } from "../shopify-sessions/types.ts";

let db: TestDatabase;
let deps: ShopWebhookDeps;
const uploadDir = mkdtempSync(join(tmpdir(), "postwright-shop-uploads-"));
let counter = 0;
const webhookId = () => `wh-${++counter}`;

beforeAll(async () => {
  db = await createTestDatabase();
  deps = { prisma: db.prisma, encryptionKey: randomBytes(32), uploadDir };
});
afterAll(async () => {
  await db.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

async function installedShop(shop: string) {
  const { user } = await findOrCreateShopAccount(
    { prisma: db.prisma },
    { shop, name: shop.split(".")[0]!, email: `owner@${shop}`, blogId: "gid://shopify/Blog/1" },
  );
  await createShopifySessionStore(deps).storeSession({
    id: offlineSessionId(shop),
    shop,
    state: "",
    isOnline: false,
    scope: "read_content,write_content",
    expires: null,
    accessToken: "shpat_live",
    refreshToken: "shprt_live",
    refreshTokenExpires: null,
    onlineAccessInfo: null,
  });
  return user;
}

async function scheduledPost(userId: number) {
  const post = await db.prisma.blogPost.create({
    data: {
      userId,
      title: "Autumn candles",
      content: "c",
      htmlContent: "<p>c</p>",
      status: "scheduled",
      isScheduled: true,
    },
  });
  await db.prisma.postPublication.create({
    data: { postId: post.id, userId, platform: "shopify", status: "pending", dueAt: new Date(Date.now() + 86_400_000) },
  });
  return post;
}

describe("handleShopWebhook", () => {
  it("app/uninstalled deletes the sessions and pauses scheduled posts once; a reinstall resumes them", async () => {
    const shop = "uninstall.myshopify.com";
    const user = await installedShop(shop);
    const post = await scheduledPost(user.id);
    const id = webhookId();
    expect(await handleShopWebhook(deps, { webhookId: id, topic: "APP_UNINSTALLED", shop, payload: {} })).toBe(
      "applied",
    );
    expect(await handleShopWebhook(deps, { webhookId: id, topic: "APP_UNINSTALLED", shop, payload: {} })).toBe(
      "duplicate",
    );
    expect(await db.prisma.shopifySession.count({ where: { shop } })).toBe(0);
    expect(await db.prisma.postPublication.findFirst({ where: { postId: post.id } })).toMatchObject({
      status: "paused",
    });

    await findOrCreateShopAccount({ prisma: db.prisma }, { shop, name: "uninstall", email: null, blogId: null });
    expect(await db.prisma.postPublication.findFirst({ where: { postId: post.id } })).toMatchObject({
      status: "pending",
    });
  });

  it("app/scopes_update records the granted scopes on the offline session", async () => {
    const shop = "scopes.myshopify.com";
    await installedShop(shop);
    const payload = { previous: ["read_content"], current: ["read_content", "write_content", "read_products"] };
    await handleShopWebhook(deps, { webhookId: webhookId(), topic: "app/scopes_update", shop, payload });
    const session = await createShopifySessionStore(deps).loadSession(offlineSessionId(shop));
    expect(session?.scope).toBe("read_content,write_content,read_products");
    expect(session?.accessToken).toBe("shpat_live");
  });

  it("app_subscriptions/update puts the shop on the plan it pays for, and back on Free when cancelled", async () => {
    const shop = "billing.myshopify.com";
    const user = await installedShop(shop);
    const subscription = (status: string, updated: string) => ({
      app_subscription: {
        admin_graphql_api_id: "gid://shopify/AppSubscription/77",
        name: "Professional (yearly)",
        status,
        updated_at: updated,
      },
    });
    const id = webhookId();
    await handleShopWebhook(deps, {
      webhookId: id,
      topic: "APP_SUBSCRIPTIONS_UPDATE",
      shop,
      payload: subscription("ACTIVE", "2026-11-01T10:00:00Z"),
    });
    expect(
      await handleShopWebhook(deps, {
        webhookId: id,
        topic: "APP_SUBSCRIPTIONS_UPDATE",
        shop,
        payload: subscription("ACTIVE", "2026-11-01T10:00:00Z"),
      }),
    ).toBe("duplicate");
    const active = await getEntitlements({ prisma: db.prisma }, user.id);
    expect(active.plan).toBe("professional");
    expect(active.canSchedule).toBe(true);

    await handleShopWebhook(deps, {
      webhookId: webhookId(),
      topic: "APP_SUBSCRIPTIONS_UPDATE",
      shop,
      payload: subscription("CANCELLED", "2026-11-02T10:00:00Z"),
    });
    expect((await getEntitlements({ prisma: db.prisma }, user.id)).plan).toBe("free");
  });

  it("customers/data_request and customers/redact are acknowledged and recorded", async () => {
    const shop = "privacy.myshopify.com";
    await installedShop(shop);
    for (const topic of ["CUSTOMERS_DATA_REQUEST", "CUSTOMERS_REDACT"]) {
      const id = webhookId();
      expect(await handleShopWebhook(deps, { webhookId: id, topic, shop, payload: { customer: { id: 1 } } })).toBe(
        "applied",
      );
      expect(await db.prisma.processedEvent.findUnique({ where: { id: `shopify:${id}` } })).not.toBeNull();
    }
  });

  it("shop/redact erases the shop's account, posts, uploads and sessions", async () => {
    const shop = "redact.myshopify.com";
    const user = await installedShop(shop);
    const cover = "0123456789abcdef0123456789abcdef.png";
    writeFileSync(join(uploadDir, cover), "png");
    const post = await scheduledPost(user.id);
    await db.prisma.blogPost.update({
      where: { id: post.id },
      data: { images: [{ url: `/uploads/${cover}`, altText: "" }] },
    });
    const other = await installedShop("keeps.myshopify.com");

    const id = webhookId();
    expect(
      await handleShopWebhook(deps, { webhookId: id, topic: "SHOP_REDACT", shop, payload: { shop_domain: shop } }),
    ).toBe("applied");
    expect(
      await handleShopWebhook(deps, { webhookId: id, topic: "SHOP_REDACT", shop, payload: { shop_domain: shop } }),
    ).toBe("duplicate");
    expect(await db.prisma.user.findUnique({ where: { shopDomain: shop } })).toBeNull();
    expect(await db.prisma.blogPost.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.prisma.postPublication.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.prisma.shopifyConnection.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.prisma.shopifySession.count({ where: { shop } })).toBe(0);
    expect(existsSync(join(uploadDir, cover))).toBe(false);
    expect(await db.prisma.user.findUnique({ where: { id: other.id } })).not.toBeNull();
  });
});
