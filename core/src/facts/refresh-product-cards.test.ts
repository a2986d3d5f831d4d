import { describe, expect, it } from "vitest";
import { refreshProductCards } from "./refresh-product-cards.ts";
import { apron, mug } from "./test-products.ts";

const card = {
  productId: mug().id,
  title: "Stoneware Mug",
  url: "https://shop.example/products/stoneware-mug",
  image: null,
  price: "18.00",
  currencyCode: "USD",
  available: true,
};

describe("refreshProductCards", () => {
  it("gives each kept card its product's lowest price and stock now, and leaves a product the store lost as it was", () => {
    const lost = { ...card, productId: "gid://shopify/Product/999", title: "Old Mug" };
    expect(refreshProductCards([card, lost], [mug("21.00", false), apron()])).toEqual([
      { ...card, price: "21.00", available: false },
      lost,
    ]);
  });

  it("has nothing to refresh for a post without cards", () => {
    expect(refreshProductCards(null, [mug()])).toBeNull();
    expect(refreshProductCards([], [mug()])).toBeNull();
  });
});
