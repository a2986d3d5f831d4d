// Products as a store describes them, for the facts tests: an apron sold in sizes, a mug with one price, a candle.
import type { ProductFacts } from "../contracts/facts.ts";

export function apron(
  overrides: Partial<Record<"S" | "M" | "L", { price?: string; available?: boolean }>> = {},
): ProductFacts {
  const sizes = [
    ["S", "Small", "32.00"],
    ["M", "Medium", "32.00"],
    ["L", "Large", "36.00"],
  ] as const;
  return {
    id: "gid://shopify/Product/101",
    title: "Linen Apron",
    handle: "linen-apron",
    url: "https://shop.example/products/linen-apron",
    currencyCode: "USD",
    options: [
      { name: "Size", values: sizes.map(([, name]) => name) },
      { name: "Material", values: ["Linen"] },
    ],
    variants: sizes.map(([key, name, price]) => ({
      id: `gid://shopify/ProductVariant/101${key}`,
      title: `${name} / Linen`,
      price: overrides[key]?.price ?? price,
      availableForSale: overrides[key]?.available ?? true,
      options: [
        { name: "Size", value: name },
        { name: "Material", value: "Linen" },
      ],
    })),
  };
}

export function mug(price = "18.00", available = true): ProductFacts {
  return {
    id: "gid://shopify/Product/202",
    title: "Stoneware Mug",
    handle: "stoneware-mug",
    url: "https://shop.example/products/stoneware-mug",
    currencyCode: "USD",
    options: [],
    variants: [
      {
        id: "gid://shopify/ProductVariant/2021",
        title: "Default Title",
        price,
        availableForSale: available,
        options: [],
      },
    ],
  };
}

export function candle(price = "24.00"): ProductFacts {
  return {
    id: "gid://shopify/Product/303",
    title: "Cedar Candle",
    handle: "cedar-candle",
    url: "https://shop.example/products/cedar-candle",
    currencyCode: "USD",
    options: [],
    variants: [
      { id: "gid://shopify/ProductVariant/3031", title: "Default Title", price, availableForSale: true, options: [] },
    ],
  };
}

/** A post as a writer would leave it: the products linked and named, prices, sizes and stock near each. */
export const POST_HTML = `<h2>Gear for the morning pour-over</h2>
<p>Start with the <a href="https://shop.example/products/linen-apron">Linen Apron</a>: washed linen, cut in Small, Medium
and Large, from $32.00 (the Large is $36). It is in stock in every size.</p>
<p>Then a <strong>Stoneware Mug</strong> at $18 keeps the coffee hot; it is in stock too.</p>
<ul><li>Our <a href="/products/cedar-candle?variant=3031">candle</a> is 24.00 USD.</li></ul>
<p>Brew for four minutes at 94 degrees, and weigh 15 g of coffee for 250 g of water.</p>`;
