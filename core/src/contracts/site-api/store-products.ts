// The store products the site's write form can feature: a search of the member's connected Shopify store and of the
// WooCommerce of their connected WordPress site.
import type { RouteContract } from "../api-v1.ts";
import { storeProductSearchQuerySchema, storeProductSearchSchema } from "../store-products.ts";
import { badRequest, ok, signedOut, tooMany } from "./answers.ts";

export const storeProductRoutes = {
  searchStoreProducts: {
    method: "GET",
    path: "/store-products",
    summary:
      "Products of the member's stores whose name matches ?q (the connected Shopify store, and WooCommerce on the connected WordPress site), to feature in a post",
    caller: "user",
    query: storeProductSearchQuerySchema,
    responses: {
      200: ok(
        "The stores searched (none: no store offers products), how many items a post can feature, the products found, and any store that could not be searched (in words).",
        storeProductSearchSchema,
      ),
      400: badRequest("Bad query: message says what to fix."),
      401: signedOut,
      429: tooMany("Too many product searches by this member in a minute (60)."),
    },
  },
} as const satisfies Record<string, RouteContract>;
