import { describe, expect, it } from "vitest";
import { insertProductCards } from "../product-cards/insert-product-cards.ts";
import { readProductCards } from "../product-cards/read-product-cards.ts";
import { toWordpressProductCards } from "./to-wordpress-product-cards.ts";
import { apronCard, mugCard, POST } from "../product-cards/test-cards.ts";

const APRON_BLOCKS = [
  '<!-- wp:group {"className":"postwright-product-card"} -->',
  '<div class="wp-block-group postwright-product-card"><!-- wp:image {"className":"postwright-product-card__image"} -->',
  '<figure class="wp-block-image postwright-product-card__image"><img src="https://cdn.shopify.com/s/files/1/apron.jpg" alt="A linen apron on a hook"/></figure>',
  "<!-- /wp:image -->",
  "",
  '<!-- wp:paragraph {"className":"postwright-product-card__name"} -->',
  '<p class="postwright-product-card__name"><a href="https://shop.example/products/linen-apron">Linen Apron</a></p>',
  "<!-- /wp:paragraph -->",
  "",
  '<!-- wp:paragraph {"className":"postwright-product-card__price"} -->',
  '<p class="postwright-product-card__price">$32.00</p>',
  "<!-- /wp:paragraph -->",
  "",
  '<!-- wp:paragraph {"className":"postwright-product-card__availability"} -->',
  '<p class="postwright-product-card__availability">In stock</p>',
  "<!-- /wp:paragraph -->",
  "",
  "<!-- wp:buttons -->",
  '<div class="wp-block-buttons"><!-- wp:button -->',
  '<div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="https://shop.example/products/linen-apron">View product</a></div>',
  "<!-- /wp:button --></div>",
  "<!-- /wp:buttons --></div>",
  "<!-- /wp:group -->",
].join("\n");

describe("toWordpressProductCards", () => {
  it("turns each card into core blocks as the block editor saves them, and leaves the rest of the post alone", () => {
    const html = insertProductCards(POST, [apronCard]);
    expect(toWordpressProductCards(html)).toBe(
      POST.replace("every wash.</p>", `every wash.</p>\n\n${APRON_BLOCKS}\n\n`),
    );
  });

  it("reads what the card shows now: a price written in since, and the owner's edits to its words", () => {
    const html = insertProductCards(POST, [mugCard])
      .replace("$18.00", "$21.00")
      .replace(">View product<", ">See the mug &amp; saucer<");
    const [card] = readProductCards(html);
    expect(card).toMatchObject({
      productId: "gid://shopify/Product/202",
      name: "Stoneware Mug",
      url: "https://shop.example/products/stoneware-mug",
      image: null,
      price: "$21.00",
      availability: "Sold out",
      linkText: "See the mug & saucer",
    });
    const blocks = toWordpressProductCards(html);
    expect(blocks).not.toContain("wp:image");
    expect(blocks).toContain('<p class="postwright-product-card__price">$21.00</p>');
    expect(blocks).toContain('href="https://shop.example/products/stoneware-mug">See the mug &amp; saucer</a>');
  });

  it("uses WooCommerce's product block for the site's own WooCommerce products where WooCommerce runs", () => {
    const html = insertProductCards(POST, [{ ...apronCard, productId: "woocommerce:42" }]);
    const blocks = toWordpressProductCards(html, {
      optionsFor: (id) => (id === "woocommerce:42" ? { woocommerceProductId: 42 } : {}),
    });
    expect(blocks).toContain(
      '<!-- wp:woocommerce/single-product {"productId":42,"className":"postwright-product-card"} -->',
    );
    expect(blocks).toContain("<!-- wp:woocommerce/product-price");
    expect(blocks).not.toContain("wp:group");
  });

  it("changes nothing in a post without cards", () => {
    expect(toWordpressProductCards(POST)).toBe(POST);
  });
});
