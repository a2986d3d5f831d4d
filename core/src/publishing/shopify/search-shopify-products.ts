// The store's products whose name starts with the words typed, for the site's product picker: only products on the
// online store (a post links to each one's page), with their lowest price, stock and image, read through the Admin
// GraphQL API.
import type { StoreProduct } from "../../contracts/store-products.ts";
import type { AdminGraphqlQuery } from "./read-product-facts.ts";

/** How many products one search lists. */
export const PRODUCTS_PER_SEARCH = 10;

export const SEARCH_PRODUCTS_QUERY = `#graphql
  query PostwrightSearchProducts($query: String!, $first: Int!) {
    products(first: $first, query: $query, sortKey: TITLE) {
      nodes {
        id
        title
        onlineStoreUrl
        priceRangeV2 { minVariantPrice { amount currencyCode } }
        featuredMedia { preview { image { url altText } } }
        variants(first: 30) { nodes { availableForSale } }
      }
    }
  }`;

interface SearchAnswer {
  data?: {
    products: {
      nodes: Array<{
        id: string;
        title: string;
        onlineStoreUrl: string | null;
        priceRangeV2?: { minVariantPrice: { amount: string; currencyCode: string } };
        featuredMedia?: { preview?: { image?: { url: string; altText?: string | null } | null } | null } | null;
        variants: { nodes: Array<{ availableForSale: boolean }> };
      }>;
    };
  };
  errors?: Array<{ message: string }> | string;
}

/** Shopify's search: every word a prefix of the title (quotes and the syntax's own characters taken out). */
export function shopifyProductSearch(words: string): string {
  const terms = words
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}-]/gu, ""))
    .filter(Boolean)
    .slice(0, 5)
    .map((word) => `title:${word}*`);
  return ["status:active", "published_status:published", ...terms].join(" ");
}

export async function searchShopifyProducts(graphql: AdminGraphqlQuery, words: string): Promise<StoreProduct[]> {
  const answer = (await graphql(SEARCH_PRODUCTS_QUERY, {
    query: shopifyProductSearch(words),
    first: PRODUCTS_PER_SEARCH,
  })) as SearchAnswer;
  if (!answer.data) {
    const errors = Array.isArray(answer.errors) ? answer.errors.map((e) => e.message).join("; ") : answer.errors;
    throw new Error(`Shopify did not return the products: ${errors ?? "no data"}`);
  }
  return answer.data.products.nodes.flatMap((node): StoreProduct[] => {
    if (!node.onlineStoreUrl) return [];
    const price = node.priceRangeV2?.minVariantPrice;
    const image = node.featuredMedia?.preview?.image;
    return [
      {
        id: node.id,
        source: "shopify",
        title: node.title,
        price: price ? `${Number(price.amount).toFixed(2)} ${price.currencyCode}` : null,
        available: node.variants.nodes.some((v) => v.availableForSale),
        url: node.onlineStoreUrl,
        image: image?.url ? { url: image.url, altText: image.altText ?? "" } : null,
      },
    ];
  });
}
