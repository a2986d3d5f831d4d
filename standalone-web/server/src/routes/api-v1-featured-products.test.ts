// Featuring WooCommerce products from the Postwright plugin's write screen: POST /api/v1/generations with the site's
// product IDs (`woocommerce:<id>`) and "Show product cards" reads each product from the plugin site's own Store API (a
// real WordPress 7.1 with the Store API stand-in) before the job starts, and writes the post with the store's names,
// prices and cards; a product the store no longer has is refused at once, in words the owner can act on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GenerationStatus } from "@postwright/core/contracts";
import { startWordPress, type WordPressSite } from "../../../../tests/support/wordpress/start-wordpress.ts";
import { offerStoreApi } from "../../../../tests/support/wordpress/woocommerce-store-api.ts";
import { createTestApp, type TestApp } from "../testing/index.ts";

let site: WordPressSite;
let app: TestApp;
const background: Array<Promise<void>> = [];

beforeAll(async () => {
  site = await startWordPress();
  await offerStoreApi(site, [
    { id: 42, name: "Canvas Apron", price: "38.00", shortDescription: "Heavy waxed canvas." },
    { id: 43, name: "Linen Apron", price: "32.00", inStock: false },
  ]);
  app = await createTestApp({
    env: { APP_URL: "https://app.example.com", ALLOW_PRIVATE_NETWORK_TARGETS: "1" },
    app: { apiV1: { track: (work) => background.push(work) } },
  });
}, 600_000);
afterAll(async () => {
  await Promise.allSettled(background);
  await app?.close();
  await site?.stop();
});

/** The WordPress site connected through the plugin: approved in the browser, then the exchange. */
async function pluginSite() {
  const agent = app.agent();
  await app.signUpAndLogin(agent);
  const approved = await agent.post("/api/connect/wordpress/approve").send({
    siteUrl: site.url,
    restUrl: `${site.url}/wp-json/`,
    state: "state-".padEnd(40, "x"),
    returnUrl: `${site.url}/wp-admin/admin.php?page=postwright`,
  });
  expect(approved.status).toBe(200);
  const code = new URL(approved.body.redirectUrl as string).searchParams.get("postwright_code");
  const exchanged = await app.request().post("/api/v1/connect/exchange").send({ code, siteUrl: site.url });
  expect(exchanged.status).toBe(200);
  const bearer = `Bearer ${exchanged.body.credential as string}`;
  return {
    post: (path: string, body: object) => app.request().post(`/api/v1${path}`).set("Authorization", bearer).send(body),
    get: (path: string) => app.request().get(`/api/v1${path}`).set("Authorization", bearer),
  };
}

describe("featured WooCommerce products through the plugin", () => {
  it("writes the post with the products the site's store describes, as cards", async () => {
    const plugin = await pluginSite();
    const started = await plugin.post("/generations", {
      title: "Aprons that last",
      keywords: ["canvas apron"],
      featured: ["woocommerce:42", "woocommerce:43"],
      showProductCards: true,
    });
    expect(started.status).toBe(202);
    await Promise.allSettled(background);
    const job = (await plugin.get(`/generations/${started.body.id as string}`)).body as GenerationStatus;
    expect(job.stage).toBe("done");
    const post = job.post!;
    expect(post.showProductCards).toBe(true);
    expect(post.productCards.map((card) => [card.productId, card.title, card.price, card.available])).toEqual([
      ["woocommerce:42", "Canvas Apron", "38.00", true],
      ["woocommerce:43", "Linen Apron", "32.00", false],
    ]);
    expect(post.htmlContent).toContain('data-product-id="woocommerce:42"');
    expect(post.htmlContent).toContain("Canvas Apron");
  });

  it("refuses a product the store no longer has before anything is written", async () => {
    const plugin = await pluginSite();
    const res = await plugin.post("/generations", {
      title: "Aprons",
      keywords: ["apron"],
      featured: ["woocommerce:999"],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      "One of the products you picked (woocommerce:999) is no longer in your store. Pick it again.",
    );
  });
});
