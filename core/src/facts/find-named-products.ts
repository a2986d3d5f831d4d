// The products of the owner's store a post links to or names, out of the pages of the site index (which keeps each
// product's storefront address and title, not its ID): their handles, for reading their facts from the store.
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

export function findNamedProducts(
  html: string,
  indexed: ReadonlyArray<{ url: string; title: string; kind: string }>,
): string[] {
  const blocks = readTextBlocks(html);
  const linked = new Set(blocks.flatMap((b) => b.links.map((l) => productHandle(l.href))).filter(Boolean));
  const text = ` ${blocks
    .map((b) => b.text.replace(/&amp;/g, "&"))
    .join(" \n ")
    .toLowerCase()} `;
  // A title can only be in the text if its first word is: one set lookup per product of a large catalogue.
  const words = new Set(text.split(/[^\p{L}\p{N}]+/u));
  const handles: string[] = [];
  for (const page of indexed) {
    if (page.kind !== "product") continue;
    const handle = productHandle(page.url);
    if (!handle || handles.includes(handle)) continue;
    const title = page.title.trim().toLowerCase();
    // A cheap test first: most of a large catalogue is not in the post at all.
    const named =
      title.length >= 4 &&
      words.has(title.split(/[^\p{L}\p{N}]+/u).find(Boolean) ?? "") &&
      text.includes(title) &&
      new RegExp(String.raw`(?<![\w-])${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\w-])`).test(text);
    if (linked.has(handle) || named) handles.push(handle);
    if (handles.length >= MAX_NAMED) break;
  }
  return handles;
}
