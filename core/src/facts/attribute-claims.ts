// Which products a post names, and which of its claims are about which product: a product is named by a link to its
// page or by its title; a claim (price, option, stock phrase) in a block belongs to the product named nearest to it in
// that block (an option value only to a product that has or had that value). Blocks naming no product are not read.
import type { ProductFacts } from "../contracts/facts.ts";
import { findOptionClaims, findPriceClaims, findStockClaims, type Claim } from "./find-claims.ts";
import { readTextBlocks, type TextBlock } from "./read-text-blocks.ts";

export interface AttributedClaim {
  claim: Claim;
  block: TextBlock;
}

export interface NamedProduct {
  /** The store's product now (undefined: it is no longer in the store). */
  current: ProductFacts | undefined;
  /** The product as the store described it when the post was written (undefined: not kept). */
  written: ProductFacts | undefined;
  /** How the post names it: a link to its page, its title, or only featured with the post. */
  named: boolean;
  claims: AttributedClaim[];
}

/** Common sizes, looked for only in posts about a product sold in sizes. */
const SIZE_WORDS = ["Extra Small", "Small", "Medium", "Large", "Extra Large", "XS", "S", "M", "L", "XL", "XXL"];

const optionValues = (facts: ProductFacts | undefined) => facts?.options.flatMap((o) => o.values) ?? [];
const soldInSizes = (facts: ProductFacts | undefined) => facts?.options.some((o) => /size/i.test(o.name)) ?? false;

function linksTo(href: string, product: ProductFacts): boolean {
  let path: string;
  try {
    path = new URL(href, "http://post.invalid").pathname.replace(/\/+$/, "");
  } catch {
    return false;
  }
  if (product.url) {
    try {
      if (new URL(product.url).pathname.replace(/\/+$/, "") === path && path) return true;
    } catch {
      // a malformed stored address: the handle still tells
    }
  }
  return decodeURIComponent(path).toLowerCase().endsWith(`/products/${product.handle.toLowerCase()}`);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const asSource = (text: string) => text.replace(/&/g, "&amp;");

function titleSpans(text: string, title: string): Array<[number, number]> {
  if (title.trim().length < 4) return [];
  const spans: Array<[number, number]> = [];
  for (const form of new Set([title, asSource(title)])) {
    const pattern = new RegExp(String.raw`(?<![\w-])${escapeRegExp(form).replace(/\s+/g, "\\s+")}(?![\w-])`, "gi");
    for (const match of text.matchAll(pattern)) spans.push([match.index, match.index + match[0].length]);
  }
  return spans;
}

const distance = (claim: Claim, [start, end]: [number, number]) =>
  claim.end <= start ? start - claim.end : claim.start >= end ? claim.start - end : 0;

/**
 * `current`: the store's products now that the post may name; `written`: the products as they were when it was
 * written (kept with the post), always listed, named or not. Keyed by product id.
 */
export function attributeClaims(
  html: string,
  current: readonly ProductFacts[],
  written: readonly ProductFacts[] = [],
): Map<string, NamedProduct> {
  const blocks = readTextBlocks(html);
  const ids = [...new Set([...written.map((p) => p.id), ...current.map((p) => p.id)])];
  const products = new Map<string, NamedProduct>();
  for (const id of ids) {
    products.set(id, {
      current: current.find((p) => p.id === id),
      written: written.find((p) => p.id === id),
      named: false,
      claims: [],
    });
  }
  for (const block of blocks) {
    const mentions: Array<{ id: string; span: [number, number] }> = [];
    for (const [id, product] of products) {
      const facts = product.current ?? product.written!;
      for (const link of block.links)
        if (linksTo(link.href, facts)) mentions.push({ id, span: [link.start, link.end] });
      const titles = new Set([facts.title, product.written?.title ?? facts.title]);
      for (const title of titles) for (const span of titleSpans(block.text, title)) mentions.push({ id, span });
    }
    if (mentions.length === 0) continue;
    for (const { id } of mentions) products.get(id)!.named = true;
    const nearest = (claim: Claim, among: typeof mentions) =>
      among.reduce((best, m) => (distance(claim, m.span) < distance(claim, best.span) ? m : best), among[0]!);
    const inTitles = (claim: Claim) =>
      mentions.some((m) => claim.start >= m.span[0] && claim.end <= m.span[1] && claim.kind === "option");
    for (const claim of [...findPriceClaims(block.text), ...findStockClaims(block.text)]) {
      products.get(nearest(claim, mentions).id)!.claims.push({ claim, block });
    }
    // Option values: each product's own vocabulary, attributed among the products that have (or had) the value.
    const vocabulary = new Map<string, string[]>();
    for (const { id } of mentions) {
      const product = products.get(id)!;
      const values = [...optionValues(product.current), ...optionValues(product.written)];
      if (soldInSizes(product.current) || soldInSizes(product.written)) values.push(...SIZE_WORDS);
      vocabulary.set(id, values);
    }
    const seen = new Set<string>();
    for (const values of vocabulary.values()) {
      for (const claim of findOptionClaims(block.text, values)) {
        const key = `${claim.start}:${claim.end}`;
        if (seen.has(key) || inTitles(claim)) continue;
        seen.add(key);
        const value = claim.text.toLowerCase();
        const owners = mentions.filter((m) => {
          const own = vocabulary.get(m.id)!.map((v) => v.toLowerCase());
          return own.includes(value);
        });
        if (owners.length) products.get(nearest(claim, owners).id)!.claims.push({ claim, block });
      }
    }
  }
  return products;
}
