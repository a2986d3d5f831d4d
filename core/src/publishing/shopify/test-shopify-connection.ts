import type { ShopifyTestResult } from "../../contracts/connections.ts";
import { isAppError } from "../../errors/index.ts";
import { createAdminGraphqlClient, type AdminGraphqlClientOptions } from "./admin-graphql-client.ts";
import { normalizeShopDomain } from "./normalize-shop-domain.ts";
import { blogsForConnection } from "./operations.ts";
import { ShopifyRequestError } from "./shopify-request-error.ts";

const MAX_BLOG_PAGES = 5;

type BlogsPage = Awaited<ReturnType<typeof blogsForConnection.data.parse>>["blogs"];

export interface TestShopifyConnectionOptions {
  fetch: typeof fetch;
  /** See AdminGraphqlClientOptions.apiBaseUrl. */
  apiBaseUrl?: string;
  /** How long to wait for Shopify's throttling while the merchant waits (default 10 s). */
  maxThrottleWaitMs?: number;
  pacer?: AdminGraphqlClientOptions["pacer"];
}

/** Checks a store address and access token by listing the store's blogs (ids are GIDs, e.g. gid://shopify/Blog/1). */
export async function testShopifyConnection(
  { storeUrl, accessToken }: { storeUrl: string; accessToken: string },
  options: TestShopifyConnectionOptions,
): Promise<ShopifyTestResult> {
  let shopDomain: string;
  try {
    shopDomain = normalizeShopDomain(storeUrl);
  } catch (error) {
    if (isAppError(error)) return { valid: false, blogs: [], message: error.message };
    throw error;
  }
  const client = createAdminGraphqlClient(
    { shopDomain, accessToken: accessToken.trim() },
    { ...options, maxThrottleWaitMs: options.maxThrottleWaitMs ?? 10_000 },
  );
  const blogs: ShopifyTestResult["blogs"] = [];
  try {
    let after: string | null = null;
    for (let page = 0; page < MAX_BLOG_PAGES; page++) {
      const { blogs: page }: { blogs: BlogsPage } = await client.request(blogsForConnection, { after });
      blogs.push(...page.nodes.map(({ id, title }) => ({ id, title })));
      if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) break;
      after = page.pageInfo.endCursor;
    }
  } catch (error) {
    if (error instanceof ShopifyRequestError) return { valid: false, blogs: [], message: error.message };
    throw error;
  }
  if (blogs.length === 0) {
    return {
      valid: true,
      blogs,
      message:
        "The store has no blog yet. Create one in Shopify (Online Store > Blog posts > Manage blogs), then test again.",
    };
  }
  return { valid: true, blogs };
}
