// Every webhook route with a good and a bad signature, each delivered twice: Shopify's library refuses a bad HMAC
// with 401 before anything changes, and a repeated delivery changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getHmac, API_SECRET_KEY } from "@shopify/shopify-api/test-helpers";
import { findOrCreateShopAccount } from "@postwright/core/shopify-shops";
import { startAppHarness, type AppHarness } from "./app-harness";

let harness: AppHarness;
beforeAll(async () => {
  harness = await startAppHarness();
});
afterAll(() => harness.close());

const routes = {
  "app/uninstalled": () => import("../app/routes/webhooks.app.uninstalled"),
  "app/scopes_update": () => import("../app/routes/webhooks.app.scopes_update"),
  "app_subscriptions/update": () => import("../app/routes/webhooks.app_subscriptions.update"),
  "customers/data_request": () => import("../app/routes/webhooks.customers.data_request"),
  "customers/redact": () => import("../app/routes/webhooks.customers.redact"),
  "shop/redact": () => import("../app/routes/webhooks.shop.redact"),
  "products/create": () => import("../app/routes/webhooks.products.create"),
  "products/update": () => import("../app/routes/webhooks.products.update"),
  "products/delete": () => import("../app/routes/webhooks.products.delete"),
  "collections/create": () => import("../app/routes/webhooks.collections.create"),
  "collections/update": () => import("../app/routes/webhooks.collections.update"),
  "collections/delete": () => import("../app/routes/webhooks.collections.delete"),
} as const;

function delivery(topic: string, shop: string, webhookId: string, body: string, hmac: string) {
  return new Request(`https://my-test-app.myshopify.io/webhooks/${topic}`, {
    method: "POST",
    body,
    headers: {
      "content-type": "application/json",
      "X-Shopify-Hmac-Sha256": hmac,
      "X-Shopify-Topic": topic,
      "X-Shopify-Shop-Domain": shop,
      "X-Shopify-API-Version": "2026-10",
      "X-Shopify-Webhook-Id": webhookId,
    },
  });
}

async function status(action: (args: never) => Promise<Response>, request: Request): Promise<number> {
  try {
    return (await action({ request, params: {}, context: {} } as never)).status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe("webhooks", () => {
  for (const [topic, load] of Object.entries(routes)) {
    it(`${topic}: a bad signature is refused with 401 and records nothing; a good one is applied once`, async () => {
      const shop = `${topic.replace(/[/_]/g, "-")}.myshopify.com`;
      const { user } = await findOrCreateShopAccount(
        { prisma: harness.db.prisma },
        { shop, name: "Webhook shop", email: null, blogId: null },
      );
      const { action } = await load();
      const body = JSON.stringify({ shop_domain: shop, current: ["read_content"] });
      const id = `webhook-${topic}`;

      for (let i = 0; i < 2; i++) {
        expect(await status(action, delivery(topic, shop, `${id}-bad`, body, "bm90IHRoZSBobWFj"))).toBe(401);
      }
      expect(await harness.db.prisma.processedEvent.count({ where: { id: `shopify:${id}-bad` } })).toBe(0);

      const hmac = getHmac(body, API_SECRET_KEY);
      expect(await status(action, delivery(topic, shop, id, body, hmac))).toBe(200);
      expect(await status(action, delivery(topic, shop, id, body, hmac))).toBe(200);
      expect(await harness.db.prisma.processedEvent.count({ where: { id: `shopify:${id}` } })).toBe(1);

      const account = await harness.db.prisma.user.findUnique({ where: { id: user.id } });
      if (topic === "shop/redact") expect(account).toBeNull();
      else expect(account).not.toBeNull();
    });
  }

  it("products/update: a signed delivery updates the store's index; a repeat or an older one changes nothing", async () => {
    const shop = "catalog-route.myshopify.com";
    const { user } = await findOrCreateShopAccount(
      { prisma: harness.db.prisma },
      { shop, name: "Catalog shop", email: null, blogId: null },
    );
    const connection = await harness.db.prisma.shopifyConnection.findFirstOrThrow({ where: { userId: user.id } });
    const key = { userId: user.id, platform: "shopify", connectionId: connection.id };
    await harness.db.prisma.siteIndexEntry.create({
      data: { ...key, kind: "page", url: "https://brew.example/pages/about", title: "About us" },
    });
    await harness.db.prisma.siteIndexJob.updateMany({
      where: { platform: "shopify", connectionId: connection.id },
      data: { state: "ready", indexedAt: new Date("2026-11-27T08:00:00Z") },
    });
    const { action } = await routes["products/update"]();
    const send = (
      id: string,
      title: string,
      updatedAt: string,
      hmacOf = (body: string) => getHmac(body, API_SECRET_KEY),
    ) => {
      const body = JSON.stringify({
        id: 8012,
        title,
        handle: "burr-grinder",
        status: "active",
        published_at: "2026-11-27T08:30:00Z",
        updated_at: updatedAt,
      });
      return status(action, delivery("products/update", shop, id, body, hmacOf(body)));
    };
    const product = () =>
      harness.db.prisma.siteIndexEntry.findFirst({
        where: { ...key, url: "https://brew.example/products/burr-grinder" },
      });

    expect(await send("p-forged", "Forged", "2026-11-27T11:00:00Z", () => "bm90IHRoZSBobWFj")).toBe(401);
    expect(await product()).toBeNull();
    expect(await send("p-2", "Grinder v2", "2026-11-27T10:00:00Z")).toBe(200);
    expect(await send("p-2", "Grinder v2", "2026-11-27T10:00:00Z")).toBe(200);
    expect(await send("p-1", "Grinder v1", "2026-11-27T09:00:00Z")).toBe(200);
    expect(await harness.db.prisma.siteIndexEntry.count({ where: { ...key, kind: "product" } })).toBe(1);
    expect((await product())?.title).toBe("Grinder v2");
  });
});
