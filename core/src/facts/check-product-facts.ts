// The "Product facts" check: each product a post names (or was written about), and whether what the post says of it
// near each place it is named agrees with the store now: a price must be one of its variants' prices, a size or
// material one of its option values, "in stock" needs a variant for sale (of the named size when one is named) and
// "sold out" none. A product the store no longer has cannot be checked.
import type { ProductFactFinding, ProductFacts, ProductFactsItem, ProductFactsReport } from "../contracts/facts.ts";
import { attributeClaims, type NamedProduct } from "./attribute-claims.ts";
import { formatMoney } from "../contracts/format-money.ts";

export interface CheckProductFactsInput {
  html: string;
  /** The store's products now, among which the post may name some (read from the store just before). */
  current: readonly ProductFacts[];
  /** The products as the store described them when the post was written (kept with the post). */
  written?: readonly ProductFacts[];
  now?: Date;
}

const samePrice = (a: number, b: number) => Math.abs(a - b) < 0.005;

export function priceRange(product: ProductFacts): string {
  const prices = product.variants.map((v) => Number(v.price)).filter(Number.isFinite);
  if (prices.length === 0) return "no price";
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return samePrice(low, high)
    ? formatMoney(low, product.currencyCode)
    : `${formatMoney(low, product.currencyCode)} to ${formatMoney(high, product.currencyCode)}`;
}

function findings(product: NamedProduct, current: ProductFacts): ProductFactFinding[] {
  const found: ProductFactFinding[] = [];
  const values = current.options.flatMap((o) => o.values.map((v) => v.toLowerCase()));
  const optionList = (value: string) => {
    const name = [...current.options, ...(product.written?.options ?? [])].find((o) =>
      o.values.some((v) => v.toLowerCase() === value.toLowerCase()),
    )?.name;
    const option = current.options.find((o) => o.name === name);
    return option && option.values.length ? option.values.join(", ") : "not sold in options";
  };
  const available = (variants: ProductFacts["variants"]) => variants.some((v) => v.availableForSale);
  for (const { claim, block } of product.claims) {
    if (claim.kind === "price") {
      const agrees = current.variants.some((v) => samePrice(Number(v.price), claim.amount));
      found.push({ kind: "price", post: claim.text, store: priceRange(current), agrees });
    } else if (claim.kind === "option") {
      const agrees = values.includes(claim.text.toLowerCase());
      found.push({ kind: "option", post: claim.text, store: agrees ? claim.text : optionList(claim.text), agrees });
    } else {
      // "Large is in stock": each option value named in the same block must have a variant for sale (or, for
      // "sold out", none); with no value named, the product as a whole.
      const named = [
        ...new Set(
          product.claims
            .filter((c) => c.block === block && c.claim.kind === "option")
            .map((c) => c.claim.text.toLowerCase())
            .filter((value) => values.includes(value)),
        ),
      ];
      const spelled = (value: string) =>
        current.options.flatMap((o) => o.values).find((v) => v.toLowerCase() === value)!;
      if (named.length === 0) {
        const forSale = available(current.variants);
        found.push({
          kind: "stock",
          post: claim.text,
          store: forSale ? "in stock" : "sold out",
          agrees: claim.inStock === forSale,
        });
        continue;
      }
      const wrong = named.filter(
        (value) =>
          available(current.variants.filter((v) => v.options.some((o) => o.value.toLowerCase() === value))) !==
          claim.inStock,
      );
      const shown = wrong.length ? wrong : named;
      const stock = (claim.inStock ? wrong.length === 0 : wrong.length > 0) ? "in stock" : "sold out";
      found.push({
        kind: "stock",
        post: claim.text,
        store: `${shown.map(spelled).join(", ")}: ${stock}`,
        agrees: wrong.length === 0,
      });
    }
  }
  // The same claim repeated reads once.
  return found.filter(
    (f, i) =>
      found.findIndex(
        (g) => g.kind === f.kind && g.post.toLowerCase() === f.post.toLowerCase() && g.store === f.store,
      ) === i,
  );
}

function summarize(title: string, status: ProductFactsItem["status"], list: ProductFactFinding[]): string {
  if (status === "not_checkable")
    return `${title} is no longer in your store, so what the post says about it cannot be checked.`;
  if (list.length === 0) return `The post names ${title} but states no price, option or stock to check.`;
  const wrong = list.filter((f) => !f.agrees);
  if (wrong.length === 0)
    return `What the post says about ${title} agrees with your store (${list.map((f) => f.post).join(", ")}).`;
  const says = (f: ProductFactFinding) =>
    f.kind === "price"
      ? `the post says ${f.post}, the store's price is ${f.store}`
      : f.kind === "option"
        ? `the post names ${f.post}, the store sells ${f.store}`
        : `the post says "${f.post}", the store says ${f.store}`;
  const text = wrong.map(says).join("; ");
  return `${title}: ${text}.`;
}

export function checkProductFacts(input: CheckProductFactsInput): ProductFactsReport {
  const products = attributeClaims(input.html, input.current, input.written ?? []);
  const items: ProductFactsItem[] = [];
  for (const [id, product] of products) {
    if (!product.named && !product.written) continue;
    const facts = product.current ?? product.written!;
    if (!product.current) {
      items.push({
        productId: id,
        title: facts.title,
        url: facts.url,
        status: "not_checkable",
        findings: [],
        summary: summarize(facts.title, "not_checkable", []),
      });
      continue;
    }
    const list = findings(product, product.current);
    const status = list.some((f) => !f.agrees) ? "mismatch" : "agrees";
    items.push({
      productId: id,
      title: facts.title,
      url: facts.url,
      status,
      findings: list,
      summary: summarize(facts.title, status, list),
    });
  }
  return {
    checkedAt: (input.now ?? new Date()).toISOString(),
    products: items,
    mismatches: items.filter((item) => item.status === "mismatch").length,
  };
}
