// The Shopify client is typed with the global fetch; the safe fetch takes a string or URL only, which is all any
// client of ours passes. This adapter gives it fetch's type without widening what it accepts.
//
// A multipart body (FormData, used for Shopify's staged image uploads) is encoded here with the global Response:
// the safe fetch runs on the undici package, which does not recognise the FormData class of Node's built-in fetch
// and would send "[object FormData]" instead.
import type { FetchLike } from "../publishing/wordpress/index.ts";

export function asFetch(fetchLike: FetchLike): typeof fetch {
  return async (input, init) => {
    if (typeof input !== "string" && !(input instanceof URL)) {
      throw new TypeError("Outbound requests take an address, not a Request object.");
    }
    if (!(init?.body instanceof FormData)) return fetchLike(input, init);
    const encoded = new Response(init.body);
    const headers = new Headers(init.headers);
    headers.set("content-type", encoded.headers.get("content-type") ?? "multipart/form-data");
    return fetchLike(input, { ...init, headers, body: Buffer.from(await encoded.arrayBuffer()) });
  };
}
