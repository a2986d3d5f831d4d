// "Show as product cards" in the Shopify app: a featured product is read from the store with its image (the query is
// valid against Shopify's 2026-10 schema), the written post shows it as a card with the store's image, name, price and
// stock, the post page turns the cards off and on again, and an edit of the body (which the editor makes without the
// cards) keeps them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SHOP } from "@shopify/shopify-api/test-helpers";
import { FEATURED_ITEMS_QUERY } from "@postwright/core/shopify-shops";
import {
  addCatalogItems,
  startFakeShopify,
  validateAdminDocument,
  type FakeShopify,
} from "../../tests/fakes/shopify/index.ts";
import { callRoute, startAppHarness, type AppHarness } from "./app-harness";

let fake: FakeShopify;
let harness: AppHarness;
let candle: { id: string };
let gifts: { id: string };
beforeAll(async () => {
  fake = await startFakeShopify({
    shops: [
      {
        domain: TEST_SHOP,
        name: "Test Shop",
        primaryDomainUrl: "https://candles.example",
        blogs: [{ title: "News" }],
        scopes: ["read_content", "write_content", "read_files", "write_files", "read_products"],
      },
    ],
  });
  const added = addCatalogItems(fake.shop(TEST_SHOP), {
    products: [
      {
        title: "Lavender Soy Candle",
        description: "Hand-poured soy wax with lavender oil.",
        price: "19",
        image: { url: "https://cdn.shopify.com/s/files/1/candle.jpg", altText: "A lit lavender candle" },
      },
    ],
    collections: [{ title: "Gift Sets" }],
  });
  candle = added.products[0]!;
  gifts = added.collections[0]!;
  harness = await startAppHarness({ fake });
  const home = await import("../app/routes/app._index");
  await callRoute(home.loader, "/app");
});
afterAll(async () => {
  await harness.close();
  await fake.close();
});

const CARD =
  `<div class="postwright-product-card" data-product-id="CANDLE">` +
  '<img class="postwright-product-card__image" src="https://cdn.shopify.com/s/files/1/candle.jpg" alt="A lit lavender candle" loading="lazy" />' +
  '<p class="postwright-product-card__name"><a href="https://candles.example/products/lavender-soy-candle">Lavender Soy Candle</a></p>' +
  '<p class="postwright-product-card__price">$19.00</p>' +
  '<p class="postwright-product-card__availability">In stock</p>' +
  '<p class="postwright-product-card__link"><a href="https://candles.example/products/lavender-soy-candle">View product</a></p>' +
  "</div>";

async function write(showProductCards: boolean) {
  const form = new URLSearchParams({ title: "Choosing a candle", keywords: "candles", companyName: "Test Shop" });
  form.append("featured", candle.id);
  form.append("featured", gifts.id);
  if (showProductCards) form.append("showProductCards", "on");
  const write = await import("../app/routes/app.write");
  const answer = await callRoute(write.action, "/app/write", form);
  expect((answer as Response).status).toBe(302);
  const user = await harness.db.prisma.user.findUniqueOrThrow({ where: { shopDomain: TEST_SHOP } });
  return harness.db.prisma.blogPost.findFirstOrThrow({ where: { userId: user.id }, orderBy: { id: "desc" } });
}

async function save(postId: number, fields: Record<string, string>) {
  const edit = await import("../app/routes/app.posts.$id");
  const answer = await callRoute(
    edit.action,
    `/app/posts/${postId}`,
    new URLSearchParams({ intent: "save", ...fields }),
    { id: String(postId) },
  );
  expect(answer).toEqual({ message: "Post saved" });
  return harness.db.prisma.blogPost.findUniqueOrThrow({ where: { id: postId } });
}

describe("featured products as cards", () => {
  it("reads the products' images with a query Shopify's schema accepts", () => {
    expect(validateAdminDocument(FEATURED_ITEMS_QUERY)).toEqual([]);
  });

  it("shows a featured product as a card with the store's image, name, price and stock, after the paragraph naming it", async () => {
    const post = await write(true);
    const card = CARD.replace("CANDLE", candle.id);
    expect(post.showProductCards).toBe(true);
    expect(post.htmlContent.split(card)).toHaveLength(2);
    // After the paragraph that links the product; collections get no card.
    const paragraph = /<p>(?:(?!<\/p>).)*lavender-soy-candle(?:(?!<\/p>).)*<\/p>/.exec(post.htmlContent)!;
    expect(post.htmlContent.indexOf(card)).toBe(paragraph.index + paragraph[0].length);
    expect(post.htmlContent).not.toContain('gift-sets">View product');
    expect(post.productCards).toEqual([
      {
        productId: candle.id,
        title: "Lavender Soy Candle",
        url: "https://candles.example/products/lavender-soy-candle",
        image: { url: "https://cdn.shopify.com/s/files/1/candle.jpg", altText: "A lit lavender candle" },
        price: "19.00",
        currencyCode: "USD",
        available: true,
      },
    ]);
    // The card's price and stock are claims the "Product facts" check reads, and they agree with the store.
    expect(post.productFactsReport).toMatchObject({ mismatches: 0 });
    expect(JSON.stringify(post.productFactsReport)).toContain("$19.00");
  });

  it("writes no card unless asked, keeps the cards for later, and turns them on and off from the post page", async () => {
    const post = await write(false);
    expect(post.showProductCards).toBe(false);
    expect(post.htmlContent).not.toContain("postwright-product-card");

    const on = await save(post.id, { showProductCards: "true" });
    expect(on.showProductCards).toBe(true);
    expect(on.htmlContent).toContain(CARD.replace("CANDLE", candle.id));

    // The editor sends the body without the cards: they stay, placed again after the paragraph naming the product.
    const withoutCard = on.htmlContent.replace(CARD.replace("CANDLE", candle.id), "");
    const edited = await save(post.id, { htmlContent: withoutCard.replace("<p>", "<p>Fresh start. ") });
    expect(edited.htmlContent).toContain("Fresh start.");
    expect(edited.htmlContent.split("postwright-product-card__name")).toHaveLength(2);

    const off = await save(post.id, { showProductCards: "false" });
    expect(off.showProductCards).toBe(false);
    expect(off.htmlContent).not.toContain("postwright-product-card");
    expect(off.htmlContent).toContain("Fresh start.");
  });
});
