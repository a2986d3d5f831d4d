// Shopify's search syntax, as far as the fake applies it: space-separated terms that must all hold, each a word or a
// `field:value` filter, the value quoted or not, a date filter with a comparison (`updated_at:>'2026-11-28T05:00:00Z'`).

export interface SearchTerm {
  field: string | null;
  value: string;
}

export function parseSearchQuery(query: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  const pattern = /(?:(\w+):)?((?:[<>]=?)?(?:"[^"]*"|'[^']*'|\S+))/g;
  for (const match of query.matchAll(pattern)) {
    const value = (match[2] ?? "").replace(/^([<>]=?)?(["'])(.*)\2$/, "$1$3");
    if (!match[1] && (value === "AND" || value === "")) continue;
    terms.push({ field: match[1]?.toLowerCase() ?? null, value });
  }
  return terms;
}

/** Whether an ISO date satisfies a date filter's value (`>…`, `>=…`, `<…`, `<=…`, or the same day). */
export function dateMatches(date: string, value: string): boolean {
  const match = /^([<>]=?)?(.+)$/.exec(value);
  const bound = Date.parse(match?.[2]?.toUpperCase() ?? "");
  const at = Date.parse(date);
  if (Number.isNaN(bound) || Number.isNaN(at)) return false;
  switch (match?.[1]) {
    case ">":
      return at > bound;
    case ">=":
      return at >= bound;
    case "<":
      return at < bound;
    case "<=":
      return at <= bound;
    default:
      return new Date(at).toISOString().slice(0, 10) === new Date(bound).toISOString().slice(0, 10);
  }
}
