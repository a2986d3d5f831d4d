import { describe, expect, it } from "vitest";
import { checkProductFacts } from "./check-product-facts.ts";
import { apron, candle, mug, POST_HTML } from "./test-products.ts";
import { updatePostPrices } from "./update-post-prices.ts";

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
