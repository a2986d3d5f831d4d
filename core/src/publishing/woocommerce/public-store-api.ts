// WooCommerce's Store API read as any visitor reads it (it needs no credentials), from a site's REST root: used for
// sites connected through the Postwright plugin, whose own routes are signed but whose shop is public. Whether the site
// runs WooCommerce is read once from its REST index (the wc/store/v1 namespace).
import { PublishError } from "../types.ts";
import type { FetchLike } from "../wordpress/wordpress-rest-client.ts";
import type { StoreApiGet } from "./store-api-products.ts";

const LABEL = "WooCommerce on your WordPress site";

/** A Store API answer other than success; kind "not_found" for a product the store does not have. */
export class StoreApiRequestError extends PublishError {
  readonly kind: "not_found" | "failed";

  constructor(message: string, options: { kind: "not_found" | "failed"; transient: boolean; cause?: unknown }) {
    super(message, { transient: options.transient, cause: options.cause });
    this.name = "StoreApiRequestError";
    this.kind = options.kind;
  }
}

/** A route under the site's REST root, with pretty permalinks ("/wp-json/") or without ("?rest_route=/"). */
export function restRouteAddress(restUrl: string, route: string, query: Record<string, string | number> = {}): URL {
  const url = new URL(restUrl);
  const restRoute = url.searchParams.get("rest_route");
  let address: URL;
  if (restRoute !== null) {
    address = url;
    address.searchParams.set("rest_route", `${restRoute.replace(/\/+$/, "")}/${route}`.replace(/(.)\/+$/, "$1"));
  } else {
    address = new URL(route, url.href.endsWith("/") ? url.href : `${url.href}/`);
  }
  for (const [name, value] of Object.entries(query)) address.searchParams.set(name, String(value));
  return address;
}

export function createPublicStoreApi(restUrl: string, fetch: FetchLike): () => Promise<StoreApiGet | null> {
  async function read<T>(url: URL, action: string): Promise<{ data: T; headers: Headers }> {
    let response: Response;
    try {
      response = await fetch(url, { headers: { Accept: "application/json" } });
    } catch (error) {
      throw new StoreApiRequestError(`${LABEL} could not be reached to ${action}. Please try again later.`, {
        kind: "failed",
        transient: true,
        cause: error,
      });
    }
    if (response.status === 404) {
      throw new StoreApiRequestError(`${LABEL} does not have what Postwright asked for (${action}).`, {
        kind: "not_found",
        transient: false,
      });
    }
    if (!response.ok) {
      throw new StoreApiRequestError(`${LABEL} answered with an error (${response.status}) to ${action}.`, {
        kind: "failed",
        transient: response.status === 429 || response.status >= 500,
      });
    }
    return { data: (await response.json()) as T, headers: response.headers };
  }

  const get: StoreApiGet = (route, query, action) => read(restRouteAddress(restUrl, route, query), action);
  let offered: Promise<boolean> | undefined;
  return async () => {
    offered ??= read<{ namespaces?: string[] }>(
      restRouteAddress(restUrl, "", { _fields: "namespaces" }),
      "read its REST index",
    ).then(({ data: index }) => index.namespaces?.includes("wc/store/v1") ?? false);
    // A failed read is not remembered: the next call asks again.
    offered.catch(() => {
      offered = undefined;
    });
    return (await offered) ? get : null;
  };
}
