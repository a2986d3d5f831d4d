// The Shopify client is typed with the global fetch; the safe fetch takes a string or URL only, which is all any
// client of ours passes. This adapter gives it fetch's type without widening what it accepts.
import type { FetchLike } from "./wordpress/index.ts";

export function asFetch(fetchLike: FetchLike): typeof fetch {
  return async (input, init) => {
    if (typeof input !== "string" && !(input instanceof URL)) {
      throw new TypeError("Outbound requests take an address, not a Request object.");
    }
    return fetchLike(input, init);
  };
}
