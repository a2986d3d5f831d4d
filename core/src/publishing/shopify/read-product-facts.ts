// The store's facts about products, read through the Admin GraphQL API (never from a model or the browser): title,
// handle, storefront address, options and every variant's price, availability and options. By ID (the products a post
// was written about) and by handle (products the post links to or names, found in the site index), in one request.
import type { ProductFacts } from "../../contracts/facts.ts";

/** Runs an Admin GraphQL query for the shop and returns its JSON body ({ data, errors }). */
export type AdminGraphqlQuery = (query: string, variables: Record<string, unknown>) => Promise<unknown>;

/** At most this many products are read by handle in one check (the post names few; the cost stays low). */
export const MAX_PRODUCTS_BY_HANDLE = 10;
const VARIANTS_PER_PRODUCT = 30;

export const PRODUCT_FACTS_QUERY = `#graphql
  query PostwrightProductFacts($ids: [ID!]!, $handles: String!, $first: Int!) {
    shop { currencyCode }
    nodes(ids: $ids) { __typename ...PostwrightProductFact }
    products(first: $first, query: $handles) { nodes { ...PostwrightProductFact } }
  }
  fragment PostwrightProductFact on Product {
    id
    title
    handle
    status
    onlineStoreUrl
    options(first: 5) { name values }
    variants(first: ${VARIANTS_PER_PRODUCT}) {
      nodes { id title price availableForSale selectedOptions { name value } }
    }
  }`;

interface ProductNode {
  __typename?: string;
  id: string;
  title: string;
  handle: string;
  onlineStoreUrl: string | null;
  options: Array<{ name: string; values: string[] }>;
  variants: {
    nodes: Array<{
      id: string;
      title: string;
      price: string;
      availableForSale: boolean;
      selectedOptions: Array<{ name: string; value: string }>;
    }>;
  };
}

interface Answer {
  data?: { shop: { currencyCode: string }; nodes: Array<ProductNode | null>; products: { nodes: ProductNode[] } };
  errors?: Array<{ message: string }> | string;
}

const quoteHandle = (handle: string) => `handle:${JSON.stringify(handle)}`;

export async function readProductFacts(
  graphql: AdminGraphqlQuery,
  wanted: { ids?: readonly string[]; handles?: readonly string[] },
): Promise<ProductFacts[]> {
  const ids = [...new Set(wanted.ids ?? [])].filter((id) => id.startsWith("gid://shopify/Product/"));
  const handles = [...new Set(wanted.handles ?? [])].filter((h) => /^[\w-]+$/.test(h)).slice(0, MAX_PRODUCTS_BY_HANDLE);
  if (ids.length === 0 && handles.length === 0) return [];
  const answer = (await graphql(PRODUCT_FACTS_QUERY, {
    ids,
    // No handle wanted: a search nothing matches, so the query keeps one shape.
    handles: handles.length ? handles.map(quoteHandle).join(" OR ") : 'handle:"-"',
    first: Math.max(1, handles.length),
  })) as Answer;
  if (!answer.data) {
    const errors = Array.isArray(answer.errors) ? answer.errors.map((e) => e.message).join("; ") : answer.errors;
    throw new Error(`Shopify did not return the products' facts: ${errors ?? "no data"}`);
  }
  const { currencyCode } = answer.data.shop;
  const nodes = [
    ...answer.data.nodes.filter((n): n is ProductNode => n?.__typename === "Product"),
    ...answer.data.products.nodes.filter((n) => handles.includes(n.handle)),
  ];
  const facts = new Map<string, ProductFacts>();
  for (const node of nodes) {
    facts.set(node.id, {
      id: node.id,
      title: node.title,
      handle: node.handle,
      url: node.onlineStoreUrl,
      currencyCode,
      options: node.options
        .filter((o) => !(o.name === "Title" && o.values.length === 1 && o.values[0] === "Default Title"))
        .map((o) => ({ name: o.name, values: o.values })),
      variants: node.variants.nodes.map((v) => ({
        id: v.id,
        title: v.title,
        price: Number(v.price).toFixed(2),
        availableForSale: v.availableForSale,
        options: v.selectedOptions.filter((o) => !(o.name === "Title" && o.value === "Default Title")),
      })),
    });
  }
  return [...facts.values()];
}
