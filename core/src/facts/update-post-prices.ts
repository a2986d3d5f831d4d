// Writes the store's current prices into a post where it names an old one: a price the post took from a variant when
// it was written becomes that variant's price now; a product with one price gets it. A price that cannot be traced to
// one variant (the product has several prices now and the old one matched none) is left for the owner.
import type { ProductFacts } from "../contracts/facts.ts";
import { attributeClaims } from "./attribute-claims.ts";

export interface UpdatedPrice {
  productId: string;
  title: string;
  from: string;
  to: string;
}

const samePrice = (a: number, b: number) => Math.abs(a - b) < 0.005;

/** The amount in the style it was written: "19" stays without cents when the new amount is whole, commas kept. */
function writeAmount(amount: number, like: string): string {
  const cents = like.includes(".") || !Number.isInteger(Math.round(amount * 100) / 100);
  const text = cents ? amount.toFixed(2) : String(Math.round(amount));
  if (!like.includes(",")) return text;
  const [whole, fraction] = text.split(".");
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${fraction ? `.${fraction}` : ""}`;
}

function newPrice(amount: number, current: ProductFacts, written: ProductFacts | undefined): number | null {
  const was = written?.variants.find((v) => samePrice(Number(v.price), amount));
  if (was) {
    const now = current.variants.find((v) => v.id === was.id) ?? current.variants.find((v) => v.title === was.title);
    if (now) return Number(now.price);
  }
  const prices = [...new Set(current.variants.map((v) => Number(v.price).toFixed(2)))];
  return prices.length === 1 ? Number(prices[0]) : null;
}

export function updatePostPrices(input: {
  html: string;
  current: readonly ProductFacts[];
  written?: readonly ProductFacts[];
}): { html: string; updated: UpdatedPrice[] } {
  const products = attributeClaims(input.html, input.current, input.written ?? []);
  const edits: Array<{ at: number; length: number; text: string; change: UpdatedPrice }> = [];
  for (const [id, product] of products) {
    const current = product.current;
    if (!current) continue;
    for (const { claim, block } of product.claims) {
      if (claim.kind !== "price") continue;
      if (current.variants.some((v) => samePrice(Number(v.price), claim.amount))) continue;
      const amount = newPrice(claim.amount, current, product.written);
      if (amount === null) continue;
      const piece = block.pieces.find((p) => p.start <= claim.start && claim.end <= p.start + p.text.length);
      if (!piece) continue;
      const text = claim.text.replace(claim.amountText, writeAmount(amount, claim.amountText));
      const at = piece.sourceStart + (claim.start - piece.start);
      if (edits.some((e) => e.at === at)) continue;
      edits.push({
        at,
        length: claim.text.length,
        text,
        change: { productId: id, title: current.title, from: claim.text, to: text },
      });
    }
  }
  let html = input.html;
  for (const edit of [...edits].sort((a, b) => b.at - a.at)) {
    html = html.slice(0, edit.at) + edit.text + html.slice(edit.at + edit.length);
  }
  return { html, updated: edits.sort((a, b) => a.at - b.at).map((e) => e.change) };
}
