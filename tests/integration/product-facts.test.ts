// Reading the store's facts about products (Shopify): the query is valid against Shopify's published Admin schema,
// and through the publishing target (its client, pacing and failures) it reads titles, storefront addresses, options
// and every variant's price and availability, by ID and by handle; what changes in the store shows in the next read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_FACTS_QUERY } from "../../core/src/facts/index.ts";
import { ShopifyCostPacer, createShopifyTarget } from "../../core/src/publishing/shopify/index.ts";
import { PublishError } from "../../core/src/publishing/types.ts";
import { addCatalogItems, startFakeShopify, validateAdminDocument, type FakeShopify } from "../fakes/shopify/index.ts";

const SHOP = "facts-store.myshopify.com";
const TOKEN = "shpat_facts";
let fake: FakeShopify;

const sized = (price: Record<string, string>, soldOut: string[] = []) =>
  Object.entries(price).map(([size, amount]) => ({
    title: `${size} / Linen`,
    price: amount,
    availableForSale: !soldOut.includes(size),
    selectedOptions: [
      { name: "Size", value: size },
      { name: "Material", value: "Linen" },
    ],
  }));

function target(scopes?: string) {
  return createShopifyTarget(
    { storeUrl: scopes ?? SHOP, accessToken: TOKEN, blogId: "gid://shopify/Blog/1" },
    {
      fetch,
      loadImage: async () => null,
      apiBaseUrl: fake.apiBaseUrlTemplate,
      pacer: new ShopifyCostPacer(),
    },
  );
}

beforeAll(async () => {
  fake = await startFakeShopify({
    shops: [
      {
        domain: SHOP,
        accessToken: TOKEN,
        blogs: [{ title: "News" }],
        primaryDomainUrl: "https://shop.example",
        scopes: ["read_content", "write_content", "read_files", "write_files", "read_products"],
      },
    ],
  });
});
afterAll(() => fake.close());

describe("reading products' facts from Shopify", () => {
  it("sends a query Shopify's 2026-10 Admin schema accepts", () => {
    expect(validateAdminDocument(PRODUCT_FACTS_QUERY)).toEqual([]);
  });

  it("reads options, variants' prices and availability by ID and by handle, and sees the store's changes", async () => {
    const shop = fake.shop(SHOP);
    const { products } = addCatalogItems(shop, {
      products: [
        { title: "Linen Apron", price: "32" },
        { title: "Stoneware Mug", price: "18" },
        { title: "Cedar Candle" },
      ],
    });
    const [apronRow, mugRow] = products;
    apronRow!.variants = sized({ Small: "32", Medium: "32", Large: "36" });

    const read = () =>
      target().readProductFacts!({ ids: [apronRow!.id, "gid://shopify/Product/999999"], handles: ["stoneware-mug"] });
    const facts = await read();
    expect(facts.map((p) => p.title)).toEqual(["Linen Apron", "Stoneware Mug"]);
    expect(facts[0]).toMatchObject({
      handle: "linen-apron",
      url: "https://shop.example/products/linen-apron",
      currencyCode: "USD",
      options: [
        { name: "Size", values: ["Small", "Medium", "Large"] },
        { name: "Material", values: ["Linen"] },
      ],
    });
    expect(facts[0]!.variants.map((v) => `${v.title}:${v.price}:${v.availableForSale}`)).toEqual([
      "Small / Linen:32.00:true",
      "Medium / Linen:32.00:true",
      "Large / Linen:36.00:true",
    ]);
    expect(facts[1]).toMatchObject({
      options: [],
      variants: [{ title: "Default Title", price: "18.00", availableForSale: true, options: [] }],
    });

    // Prices, variants and stock change in the store.
    apronRow!.variants = sized({ Small: "34", Medium: "34" }, ["Medium"]);
    mugRow!.price = "21";
    const after = await read();
    expect(after[0]!.options[0]).toEqual({ name: "Size", values: ["Small", "Medium"] });
    expect(after[0]!.variants.map((v) => `${v.title}:${v.price}:${v.availableForSale}`)).toEqual([
      "Small / Linen:34.00:true",
      "Medium / Linen:34.00:false",
    ]);
    expect(after[1]!.variants[0]!.price).toBe("21.00");
  });

  it("fails as Shopify answers when the store does not let the app read products", async () => {
    fake.addShop({
      domain: "no-products.myshopify.com",
      accessToken: TOKEN,
      scopes: ["read_content", "write_content"],
    });
    const error = await target("no-products.myshopify.com").readProductFacts!({
      ids: ["gid://shopify/Product/1"],
      handles: [],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PublishError);
    expect(error).toMatchObject({ kind: "forbidden", transient: false });
  });
});
