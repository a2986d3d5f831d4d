// A WooCommerce store's products in its WordPress site's index, read through WooCommerce's Store API (wc/store/v1)
// with the site's own REST client, only when the site's REST index lists that namespace (a site without WooCommerce
// is asked nothing more). Each product is a page of kind "product", as a Shopify product is: its name as the title,
// its permalink as the address, its first image with its alt text as the page's image, "product:<id>" as its key.
//
// The changes read asks one page of the Store API: its newest 100 products with the store's count of products. A
// product added is among them (the Store API lists the newest first), as is a newest one renamed or given another
// image; when the store has fewer products than the index would hold after that, every product is listed (100 a
// request) and those no longer there leave the index, as the posts' changes read finds posts deleted for good. A
// rename or a new image of an older product waits for the daily full read: the Store API's products carry no
// modified date to ask for them by.
import {
  readWoocommerceListing,
  type ListedWoocommerceProduct,
  type StoreApiGet,
} from "../../publishing/woocommerce/index.ts";
import type { WordpressRestClient } from "../../publishing/wordpress/wordpress-rest-client.ts";
import type { SiteItemChange } from "../apply-site-index-change.ts";
import type { SiteLinkCandidate } from "../pick-site-links.ts";
import { indexColumns } from "../save-site-index.ts";

/** The newest products read by each changes read (one Store API page). */
const NEWEST_PAGES = 1;

/** The Store API through the site's REST client, or null when the site does not run WooCommerce. */
export function woocommerceStoreApi(client: WordpressRestClient): StoreApiGet | null {
  if (!client.site.index?.namespaces?.includes("wc/store/v1")) return null;
  return async <T>(route: string, query: Record<string, string | number>, action: string) =>
    client.request<T>("GET", route, { query, action });
}

/** A product as a page of the site index. */
export function woocommerceProductPage(product: ListedWoocommerceProduct): SiteLinkCandidate {
  const image = product.image ? { url: product.image.url, alt: product.image.altText } : null;
  return {
    url: product.url,
    title: product.title,
    kind: "product",
    sourceId: `product:${product.productId}`,
    ...(image ? { image } : {}),
  };
}

/** Every product of the store (up to the Store API listing's bound), as pages; none when the site has no WooCommerce. */
export async function readWoocommerceSiteProducts(client: WordpressRestClient): Promise<SiteLinkCandidate[]> {
  const get = woocommerceStoreApi(client);
  if (!get) return [];
  return (await readWoocommerceListing(get, { images: true })).products.map(woocommerceProductPage);
}

/** What the index holds of a product ("product:12"). */
export interface IndexedProduct {
  sourceId: string;
  url: string;
  title: string;
  imageUrl: string | null;
  imageAlt: string | null;
}

/** The products that changed since the index's, as changes as of the site's clock `at`. */
export async function readWoocommerceProductChanges(
  client: WordpressRestClient,
  input: { indexed: () => Promise<readonly IndexedProduct[]>; at: Date },
): Promise<SiteItemChange[]> {
  const get = woocommerceStoreApi(client);
  if (!get) return [];
  const known = new Map((await input.indexed()).map((entry) => [entry.sourceId, entry]));
  const changes: SiteItemChange[] = [];
  // Compared as the index would store it (its title and image columns), so nothing the index cuts short differs.
  const differs = (page: SiteLinkCandidate) => {
    const was = known.get(page.sourceId!);
    const now = indexColumns(page);
    return (
      !was ||
      was.url !== now.url ||
      was.title !== now.title ||
      (was.imageUrl ?? null) !== now.imageUrl ||
      (was.imageAlt ?? null) !== now.imageAlt
    );
  };
  const add = (page: SiteLinkCandidate) => {
    if (!differs(page)) return;
    changes.push({
      sourceId: page.sourceId!,
      changedAt: input.at,
      page,
      address: known.get(page.sourceId!)?.url ?? page.url,
      removed: false,
    });
  };
  const newest = await readWoocommerceListing(get, { images: true, maxPages: NEWEST_PAGES });
  const pages = newest.products.map(woocommerceProductPage);
  pages.forEach(add);
  const expected = new Set([...known.keys(), ...pages.map((page) => page.sourceId!)]);
  if (newest.total === null || newest.total >= expected.size) return changes;
  // Fewer products than the index would hold: the whole list shows which are gone (and any other one new).
  const all = (await readWoocommerceListing(get, { images: true })).products.map(woocommerceProductPage);
  const listed = new Set(all.map((page) => page.sourceId!));
  const seen = new Set(pages.map((page) => page.sourceId!));
  for (const page of all) if (!seen.has(page.sourceId!)) add(page);
  for (const [sourceId, was] of known) {
    // Deleted, or no longer shown in the catalogue (it may be again): it leaves the index until then.
    if (!listed.has(sourceId))
      changes.push({ sourceId, changedAt: input.at, page: null, address: was.url, removed: false });
  }
  return changes;
}
