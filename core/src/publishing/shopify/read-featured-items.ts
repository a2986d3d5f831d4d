// The products and collections a merchant picked to feature in a post, read from the store by their IDs through the
// Admin GraphQL API: titles, descriptions, prices, images and storefront URLs come from Shopify, never from the browser.
import { badRequest } from "../../errors/index.ts";
import type { FeaturedItem } from "../../contracts/blog.ts";

/** Runs an Admin GraphQL query for the shop (the app's authenticated `admin.graphql`) and returns its JSON body. */
export type AdminGraphqlQuery = (query: string, variables: Record<string, unknown>) => Promise<unknown>;

export const FEATURED_ITEMS_QUERY = `#graphql
  query PostwrightFeaturedItems($ids: [ID!]!) {
    shop { primaryDomain { url } }
    nodes(ids: $ids) {
      __typename
      ... on Product {
        id
        title
        handle
        description(truncateAt: 300)
        onlineStoreUrl
        status
        priceRangeV2 { minVariantPrice { amount currencyCode } }
        featuredMedia { preview { image { url altText } } }
      }
      ... on Collection {
        id
        title
        handle
        description(truncateAt: 300)
      }
    }
  }`;

interface FeaturedNode {
  __typename: string;
  id?: string;
  title?: string;
  handle?: string;
  description?: string;
  onlineStoreUrl?: string | null;
  status?: string;
  priceRangeV2?: { minVariantPrice: { amount: string; currencyCode: string } };
  featuredMedia?: { preview?: { image?: { url: string; altText?: string | null } | null } | null } | null;
}

interface FeaturedItemsAnswer {
  data?: { shop: { primaryDomain: { url: string } }; nodes: Array<FeaturedNode | null> };
  errors?: Array<{ message: string }>;
}

/** "19.00 USD" from Shopify's decimal string; whole amounts keep two decimals as shops print them. */
function formatPrice(amount: string, currencyCode: string): string {
  const value = Number(amount);
  return `${Number.isFinite(value) ? value.toFixed(2) : amount} ${currencyCode}`;
}

/**
 * The items in the order picked. An ID the store does not know (deleted, or another store's) and a product that is
 * not on the online store (its page would not exist) are refused with a message naming what to change.
 */
export async function readFeaturedItems(graphql: AdminGraphqlQuery, ids: string[]): Promise<FeaturedItem[]> {
  if (ids.length === 0) return [];
  const answer = (await graphql(FEATURED_ITEMS_QUERY, { ids })) as FeaturedItemsAnswer;
  if (!answer.data) {
    throw new Error(`Shopify did not return the featured items: ${answer.errors?.map((e) => e.message).join("; ")}`);
  }
  const storefront = answer.data.shop.primaryDomain.url.replace(/\/+$/, "");
  return answer.data.nodes.map((node, index): FeaturedItem => {
    if (!node?.id || !node.title || !node.handle || (node.__typename !== "Product" && node.__typename !== "Collection")) {
      throw badRequest(
        `One of the products or collections you picked (${ids[index]}) is no longer in your store. Pick it again.`,
      );
    }
    const description = (node.description ?? "").replace(/\s+/g, " ").trim();
    if (node.__typename === "Collection") {
      return {
        kind: "collection",
        id: node.id,
        title: node.title,
        handle: node.handle,
        description,
        price: null,
        url: `${storefront}/collections/${encodeURIComponent(node.handle)}`,
      };
    }
    if (node.status !== "ACTIVE" || !node.onlineStoreUrl) {
      throw badRequest(
        `"${node.title}" is not published on your online store, so a post cannot link to it. Publish it or pick another product.`,
      );
    }
    const price = node.priceRangeV2?.minVariantPrice;
    const image = node.featuredMedia?.preview?.image;
    return {
      kind: "product",
      id: node.id,
      title: node.title,
      handle: node.handle,
      description,
      price: price ? formatPrice(price.amount, price.currencyCode) : null,
      url: node.onlineStoreUrl,
      image: image?.url && /^https?:\/\//.test(image.url) ? { url: image.url, altText: image.altText ?? "" } : null,
    };
  });
}
