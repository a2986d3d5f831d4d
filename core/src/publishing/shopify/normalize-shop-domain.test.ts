import { describe, expect, it } from "vitest";
import { isAppError } from "../../errors/index.ts";
import { normalizeShopDomain } from "./normalize-shop-domain.ts";

describe("normalizeShopDomain", () => {
  it.each([
    ["mystore", "mystore.myshopify.com"],
    ["  MyStore  ", "mystore.myshopify.com"],
    ["mystore.myshopify.com", "mystore.myshopify.com"],
    ["MYSTORE.MYSHOPIFY.COM/", "mystore.myshopify.com"],
    ["https://mystore.myshopify.com/admin", "mystore.myshopify.com"],
    ["https://mystore.myshopify.com/admin/articles?x=1#top", "mystore.myshopify.com"],
    ["http://mystore.myshopify.com", "mystore.myshopify.com"],
    ["https://admin.shopify.com/store/my-store/content/articles", "my-store.myshopify.com"],
    ["Shop.Example.com", "shop.example.com"],
    ["https://www.example.co.uk/blogs/news", "www.example.co.uk"],
  ])("reads %j as %j", (input, expected) => {
    expect(normalizeShopDomain(input)).toBe(expected);
  });

  it.each(["", "   ", "ftp://mystore.myshopify.com", "my store", "https://admin.shopify.com/settings", "-bad-.com"])(
    "refuses %j with a message the merchant can act on",
    (input) => {
      let caught: unknown;
      try {
        normalizeShopDomain(input);
      } catch (error) {
        caught = error;
      }
      expect(isAppError(caught) && caught.code === "BAD_REQUEST" && caught.message).toBe(
        "Enter your store's address, for example mystore.myshopify.com.",
      );
    },
  );
});
