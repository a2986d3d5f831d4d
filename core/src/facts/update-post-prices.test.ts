import { describe, expect, it } from "vitest";
import { checkProductFacts } from "./check-product-facts.ts";
import { apron, candle, mug, POST_HTML } from "./test-products.ts";
import { updatePostPrices } from "./update-post-prices.ts";
import { insertProductCards } from "../publishing/product-cards/index.ts";
import { toProductCards } from "./to-product-cards.ts";

const written = [apron(), mug(), candle()];

describe("updatePostPrices", () => {
  it("writes each variant's current price where the post names its old one, in the same style, and nothing else", () => {
    const current = [
      apron({ L: { price: "39.00" }, S: { price: "34.50" }, M: { price: "34.50" } }),
      mug("21.00"),
      candle(),
    ];
    const { html, updated } = updatePostPrices({ html: POST_HTML, current, written });
    expect(updated.map((u) => `${u.title}: ${u.from} -> ${u.to}`)).toEqual([
      "Linen Apron: $32.00 -> $34.50",
      "Linen Apron: $36 -> $39",
      "Stoneware Mug: $18 -> $21",
    ]);
    expect(html).toContain("from $34.50 (the Large is $39)");
    expect(html).toContain("at $21 keeps");
    expect(html).toContain("24.00 USD");
    expect(
      html
        .replace(/\$34\.50/, "$32.00")
        .replace("$39", "$36")
        .replace("$21", "$18"),
    ).toBe(POST_HTML);
    expect(checkProductFacts({ html, current, written }).mismatches).toBe(0);
  });

  it("leaves a price it cannot trace to one variant for the owner", () => {
    const html = "<p>The Linen Apron costs $30.</p>";
    const current = [apron({ L: { price: "39.00" } })];
    expect(updatePostPrices({ html, current, written }).updated).toEqual([]);
  });

  it("changes nothing when the prices agree", () => {
    expect(updatePostPrices({ html: POST_HTML, current: written, written })).toEqual({ html: POST_HTML, updated: [] });
  });
});

describe("a product card's price and stock", () => {
  // A post about the mug, written with "Show as product cards": its card shows the store's price and stock then.
  const featured = [
    {
      kind: "product" as const,
      id: mug().id,
      title: "Stoneware Mug",
      handle: "stoneware-mug",
      description: "",
      price: "18.00 USD",
      url: "https://shop.example/products/stoneware-mug",
      image: null,
    },
  ];
  const html = insertProductCards(
    "<h2>Coffee</h2><p>We drink from our own mugs.</p><h2>In short</h2><p>Slow mornings.</p>",
    toProductCards(featured, [mug()]),
  );

  it("agrees with the store when the post is written", () => {
    expect(html).toContain('<p class="postwright-product-card__price">$18.00</p>');
    const report = checkProductFacts({ html, current: [mug()], written: [mug()] });
    expect(report.mismatches).toBe(0);
    expect(report.products[0]!.findings.map((f) => `${f.kind}: ${f.post}`)).toEqual([
      "price: $18.00",
      "stock: In stock",
    ]);
  });

  it("is a mismatch once the store's price changes, and update_prices writes the new price into the card", () => {
    const current = [mug("21.00")];
    const report = checkProductFacts({ html, current, written: [mug()] });
    expect(report.mismatches).toBe(1);
    expect(report.products[0]!.summary).toBe("Stoneware Mug: the post says $18.00, the store's price is $21.00.");

    const updated = updatePostPrices({ html, current, written: [mug()] });
    expect(updated.updated).toEqual([{ productId: mug().id, title: "Stoneware Mug", from: "$18.00", to: "$21.00" }]);
    expect(updated.html).toBe(html.replace("$18.00", "$21.00"));
    expect(checkProductFacts({ html: updated.html, current, written: [mug()] }).mismatches).toBe(0);
  });

  it("is a mismatch when the product sold out since", () => {
    const report = checkProductFacts({ html, current: [mug("18.00", false)], written: [mug()] });
    expect(report.products[0]!.findings).toContainEqual({
      kind: "stock",
      post: "In stock",
      store: "sold out",
      agrees: false,
    });
  });
});
