// The claims a block of a post makes that the store can answer: prices (currency amounts), sizes and other option
// values (from the product's own options), and "in stock" / "sold out" phrases, each with where it is in the block.

export interface PriceClaim {
  kind: "price";
  start: number;
  end: number;
  /** As written ("$19", "19.00 USD"). */
  text: string;
  amount: number;
  /** The amount as written, for rewriting in the same style ("19" or "19.00"). */
  amountText: string;
}
export interface OptionClaim {
  kind: "option";
  start: number;
  end: number;
  text: string;
}
export interface StockClaim {
  kind: "stock";
  start: number;
  end: number;
  text: string;
  inStock: boolean;
}
export type Claim = PriceClaim | OptionClaim | StockClaim;

const AMOUNT = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?`;
const SYMBOL = String.raw`(?:US\$|CA?\$|A\$|\$|€|£|¥|&euro;|&pound;)`;
const CODE = String.raw`(?:USD|EUR|GBP|CAD|AUD|JPY|dollars?|euros?)`;
const CODE_BEFORE = String.raw`(?:USD|EUR|GBP|CAD|AUD|JPY)`;
const PRICE = new RegExp(
  String.raw`${SYMBOL}\s?(${AMOUNT})(?![\d.,]\d)|\b(${AMOUNT})\s?${CODE}\b|\b${CODE_BEFORE}\s?(${AMOUNT})(?![\d.,]\d)`,
  "gi",
);

export function findPriceClaims(text: string): PriceClaim[] {
  const claims: PriceClaim[] = [];
  for (const match of text.matchAll(PRICE)) {
    const amountText = match[1] ?? match[2] ?? match[3];
    if (!amountText) continue;
    claims.push({
      kind: "price",
      start: match.index,
      end: match.index + match[0].length,
      text: match[0],
      amount: Number(amountText.replace(/,/g, "")),
      amountText,
    });
  }
  return claims;
}

const IN_STOCK = /\b(?:back in stock|in stock|available now|ready to ship|ships today)\b/gi;
const SOLD_OUT = /\b(?:sold out|out of stock|unavailable|no longer available|currently unavailable)\b/gi;

export function findStockClaims(text: string): StockClaim[] {
  const claims: StockClaim[] = [];
  for (const [pattern, inStock] of [
    [IN_STOCK, true],
    [SOLD_OUT, false],
  ] as const) {
    for (const match of text.matchAll(pattern)) {
      claims.push({ kind: "stock", start: match.index, end: match.index + match[0].length, text: match[0], inStock });
    }
  }
  return claims;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Option values named in the text, out of `values` (the product's option values now and when the post was written,
 * and common sizes for a product sold in sizes). Values shorter than 3 characters ("S", "XL") are only taken after the
 * word "size" ("in size XL"), as a lone letter is too often something else.
 */
export function findOptionClaims(text: string, values: readonly string[]): OptionClaim[] {
  const claims: OptionClaim[] = [];
  const seen = new Set<string>();
  for (const value of values) {
    const key = value.toLowerCase();
    if (!value.trim() || seen.has(key) || key === "default title") continue;
    seen.add(key);
    const pattern =
      value.length < 3
        ? new RegExp(
            String.raw`\bsizes?\s+(?:[A-Z0-9]{1,3}(?:\s*,\s*|\s+(?:and|or)\s+))*(${escapeRegExp(value)})\b`,
            "g",
          )
        : new RegExp(String.raw`(?<![\w-])(${escapeRegExp(value)})(?![\w-])`, "gi");
    for (const match of text.matchAll(pattern)) {
      const start = match.index + match[0].lastIndexOf(match[1]!);
      claims.push({ kind: "option", start, end: start + match[1]!.length, text: match[1]! });
    }
  }
  // A longer value ("Extra Large") contains a shorter one ("Large"): keep the longer.
  return claims.filter(
    (claim) =>
      !claims.some(
        (other) =>
          other !== claim &&
          other.start <= claim.start &&
          other.end >= claim.end &&
          other.end - other.start > claim.end - claim.start,
      ),
  );
}
