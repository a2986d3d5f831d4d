import { describe, expect, it } from "vitest";
import { insertProductCards } from "./insert-product-cards.ts";
import { removeProductCards } from "./remove-product-cards.ts";
import { renderShopifyProductCard } from "../shopify/render-shopify-product-card.ts";
import { apronCard, mugCard, POST } from "./test-cards.ts";

const apron = renderShopifyProductCard(apronCard);
const mug = renderShopifyProductCard(mugCard);

describe("insertProductCards", () => {
  it("puts a card after the first paragraph linking to its product", () => {
    expect(insertProductCards(POST, [apronCard])).toBe(POST.replace("every wash.</p>", `every wash.</p>${apron}`));
  });

  it("finds the product by its name when no paragraph links to it", () => {
    const html =
      "<h2>Pick</h2><p>Nothing yet.</p><p>The stoneware mug holds a large coffee.</p><h2>End</h2><p>Bye.</p>";
    expect(insertProductCards(html, [mugCard])).toBe(html.replace("coffee.</p>", `coffee.</p>${mug}`));
  });

  it("puts a card the post never mentions before the conclusion, and after the last part without headings", () => {
    expect(insertProductCards(POST, [mugCard])).toBe(POST.replace("<h2>In short</h2>", `${mug}<h2>In short</h2>`));
    expect(insertProductCards("<p>Short post.</p>", [mugCard])).toBe(`<p>Short post.</p>${mug}`);
  });

  it("keeps the featured order for cards that go to the same place", () => {
    const html = POST.replace("It has two deep pockets.", "It goes with the Stoneware Mug.");
    const both = insertProductCards(html, [mugCard, apronCard]);
    expect(both).toContain(`every wash.</p>${apron}<p>It goes with the Stoneware Mug.</p>${mug}`);
    const none = insertProductCards(
      POST,
      [mugCard, apronCard].map((c) => ({ ...c, title: "Nowhere Named", url: "https://shop.example/products/x" })),
    );
    expect(none.indexOf("Nowhere Named")).toBeLessThan(none.lastIndexOf("Nowhere Named"));
  });

  it("is taken out again by removeProductCards, leaving the post as it was", () => {
    expect(removeProductCards(insertProductCards(POST, [apronCard, mugCard]))).toBe(POST);
    expect(removeProductCards(POST)).toBe(POST);
  });

  it("changes nothing without cards", () => {
    expect(insertProductCards(POST, [])).toBe(POST);
  });
});
