// The list of a WooCommerce store's products by name, read from the Store API in pages of 100: every product of a
// large store, no request past the last page, the documented cap, and a site whose answers lack the total headers.
import { describe, expect, it } from "vitest";
import { listWoocommerceProducts, readWoocommerceListing, type StoreApiGet } from "./store-api-products.ts";

/** A Store API of `count` products answering pages as WooCommerce does, recording the pages asked for. */
function storeOf(count: number, options: { headers?: boolean } = {}) {
  const pages: number[] = [];
  const fields: string[] = [];
  const get: StoreApiGet = async <T>(route: string, query: Record<string, string | number>) => {
    expect(route).toBe("wc/store/v1/products");
    const perPage = Number(query.per_page);
    const page = Number(query.page);
    expect(perPage).toBeLessThanOrEqual(100);
    pages.push(page);
    fields.push(String(query._fields));
    const from = (page - 1) * perPage;
    const products = Array.from({ length: Math.max(0, Math.min(perPage, count - from)) }, (_, i) => ({
      id: from + i + 1,
      name: `Item ${from + i + 1}`,
      permalink: `https://shop.example/product/item-${from + i + 1}/`,
      images: (from + i + 1) % 2 ? [{ src: `https://shop.example/item-${from + i + 1}.jpg`, alt: "An item" }] : [],
    }));
    const headers = new Headers(
      options.headers === false
        ? {}
        : { "X-WP-Total": String(count), "X-WP-TotalPages": String(Math.ceil(count / perPage)) },
    );
    return { data: products as T, headers };
  };
  return { get, pages, fields };
}

describe("listing a WooCommerce store's products by name", () => {
  it("lists every product of a 5,000-product store in 50 pages, asking for none past the last", async () => {
    const store = storeOf(5000);
    const listed = await listWoocommerceProducts(store.get);
    expect(listed).toHaveLength(5000);
    expect(listed[4999]).toEqual({
      id: "woocommerce:5000",
      title: "Item 5000",
      url: "https://shop.example/product/item-5000/",
    });
    expect([...store.pages].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it("stops at the first 10,000 products of a larger store", async () => {
    const store = storeOf(12_345);
    const listed = await listWoocommerceProducts(store.get);
    expect(listed).toHaveLength(10_000);
    expect(Math.max(...store.pages)).toBe(100);
  });

  it("reads a site whose answers lack the total headers page after page until a short one", async () => {
    const store = storeOf(250, { headers: false });
    expect(await listWoocommerceProducts(store.get)).toHaveLength(250);
    expect(store.pages).toEqual([1, 2, 3]);
  });

  it("reads each product's first image and the store's count for the site index, and only the newest pages when asked", async () => {
    const store = storeOf(250);
    const newest = await readWoocommerceListing(store.get, { images: true, maxPages: 1 });
    expect(store.pages).toEqual([1]);
    expect(store.fields).toEqual(["id,name,permalink,images"]);
    expect(newest.total).toBe(250);
    expect(newest.products).toHaveLength(100);
    expect(newest.products[0]).toEqual({
      id: "woocommerce:1",
      productId: 1,
      title: "Item 1",
      url: "https://shop.example/product/item-1/",
      image: { url: "https://shop.example/item-1.jpg", altText: "An item" },
    });
    expect(newest.products[1]?.image).toBeNull();
    expect((await readWoocommerceListing(store.get, { images: true })).products).toHaveLength(250);
  });
});
