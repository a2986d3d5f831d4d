import { describe, expect, it } from "vitest";
import { sanitizePostHtml } from "../../content/index.ts";
import { renderShopifyProductCard } from "./render-shopify-product-card.ts";
import { apronCard, mugCard } from "../product-cards/test-cards.ts";

describe("renderShopifyProductCard", () => {
  it("shows the image, the name as a link, the price with its currency, stock and a View product link", () => {
    expect(renderShopifyProductCard(apronCard)).toBe(
      '<div class="postwright-product-card" data-product-id="gid://shopify/Product/101">' +
        '<img class="postwright-product-card__image" src="https://cdn.shopify.com/s/files/1/apron.jpg" alt="A linen apron on a hook" loading="lazy" />' +
        '<p class="postwright-product-card__name"><a href="https://shop.example/products/linen-apron">Linen Apron</a></p>' +
        '<p class="postwright-product-card__price">$32.00</p>' +
        '<p class="postwright-product-card__availability">In stock</p>' +
        '<p class="postwright-product-card__link"><a href="https://shop.example/products/linen-apron">View product</a></p>' +
        "</div>",
    );
  });

  it("says a product is sold out, leaves out a missing image and writes other currencies after the amount", () => {
    const card = renderShopifyProductCard({ ...mugCard, currencyCode: "CAD" });
    expect(card).not.toContain("<img");
    expect(card).toContain('<p class="postwright-product-card__price">18.00 CAD</p>');
    expect(card).toContain('<p class="postwright-product-card__availability">Sold out</p>');
  });

  it("escapes the store's text and comes through the post sanitiser unchanged, without scripts or inline styles", () => {
    const card = renderShopifyProductCard({
      ...apronCard,
      title: 'Salt & Pepper <script>alert(1)</script> "Set"',
      image: { url: "https://cdn.shopify.com/a.jpg?v=1&w=600", altText: "" },
    });
    expect(card).toContain('Salt &amp; Pepper &lt;script&gt;alert(1)&lt;/script&gt; "Set"');
    expect(card).toContain('alt="Salt &amp; Pepper &lt;script&gt;alert(1)&lt;/script&gt; &quot;Set&quot;"');
    expect(card).not.toMatch(/<script|style=/);
    expect(sanitizePostHtml(card)).toBe(card);
    expect(sanitizePostHtml(renderShopifyProductCard(mugCard))).toBe(renderShopifyProductCard(mugCard));
  });

  it("is kept by the sanitiser only with the store's product ID and the card's own classes", () => {
    const forged =
      '<div class="postwright-product-card evil" data-product-id="javascript:alert(1)"><p class="postwright-product-card__price postwright-x">$1</p></div>';
    expect(sanitizePostHtml(forged)).toBe(
      '<div class="postwright-product-card"><p class="postwright-product-card__price">$1</p></div>',
    );
  });
});
