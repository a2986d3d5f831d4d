// The products of the owner's store a post links to or names: out of the pages of the site index for a Shopify store
// (which keeps each product's storefront address and title, not its ID: their handles, for reading their facts from
// the store), and out of the store's own list for WooCommerce (whose products are known by ID).
import type { StoreProductName } from "../publishing/types.ts";
import { readTextBlocks } from "./read-text-blocks.ts";

/** At most this many products named in one post are checked (the store is asked for them in one request). */
const MAX_NAMED = 10;

function productHandle(url: string): string | null {
  try {
    const match = /\/products\/([^/?#]+)\/?$/.exec(new URL(url, "http://post.invalid").pathname);
    return match ? decodeURIComponent(match[1]!).toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * A storefront address without its scheme, "www.", trailing slash or fragment, to compare a link with a product's; a
 * link without a host (relative, "/product/linen-apron/") has the host "post.invalid".
 */
function addressKey(url: string): { host: string; path: string } | null {
  try {
    const address = new URL(url, "http://post.invalid");
    const path = `${decodeURIComponent(address.pathname).replace(/\/+$/, "").toLowerCase()}${address.search}`;
    return { host: address.host.replace(/^www\./, "").toLowerCase(), path };
  } catch {
    return null;
  }
}

/** The post's text blocks, and a test of whether a product's title is named in them as words of their own. */
function readPost(html: string) {
  const blocks = readTextBlocks(html);
  const text = ` ${blocks
    .map((b) => b.text.replace(/&amp;/g, "&"))
    .join(" \n ")
    .toLowerCase()} `;
  // A title can only be in the text if its first word is: one set lookup per product of a large catalogue.
  const words = new Set(text.split(/[^\p{L}\p{N}]+/u));
  const names = (name: string) => {
    const title = name.trim().toLowerCase();
    // A cheap test first: most of a large catalogue is not in the post at all.
    return (
      title.length >= 4 &&
      words.has(title.split(/[^\p{L}\p{N}]+/u).find(Boolean) ?? "") &&
      text.includes(title) &&
      new RegExp(String.raw`(?<![\w-])${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\w-])`).test(text)
    );
  };
  return { links: blocks.flatMap((b) => b.links.map((l) => l.href)), names };
}

export function findNamedProducts(
  html: string,
  indexed: ReadonlyArray<{ url: string; title: string; kind: string }>,
): string[] {
  const post = readPost(html);
  const linked = new Set(post.links.map(productHandle).filter(Boolean));
  const handles: string[] = [];
  for (const page of indexed) {
    if (page.kind !== "product") continue;
    const handle = productHandle(page.url);
    if (!handle || handles.includes(handle)) continue;
    if (linked.has(handle) || post.names(page.title)) handles.push(handle);
    if (handles.length >= MAX_NAMED) break;
  }
  return handles;
}

/** The IDs of the store's products the post links to (by their address) or names (by their title), in list order. */
export function findNamedStoreProducts(html: string, products: readonly StoreProductName[]): string[] {
  const post = readPost(html);
  const links = post.links.map(addressKey).filter((key) => key !== null);
  const linksTo = (url: string) => {
    const product = addressKey(url);
    return links.some((l) => l.path === product?.path && (l.host === product.host || l.host === "post.invalid"));
  };
  const ids: string[] = [];
  for (const product of products) {
    if (ids.includes(product.id)) continue;
    if (linksTo(product.url) || post.names(product.title)) ids.push(product.id);
    if (ids.length >= MAX_NAMED) break;
  }
  return ids;
}
