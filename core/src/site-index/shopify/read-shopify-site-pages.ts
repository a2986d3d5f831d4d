// Reads the linkable pages of a Shopify store through the Admin GraphQL API, at their storefront addresses: its
// online store pages, published articles, published collections and products in the online store, 250 a page,
// each kind only when the store granted its scope (asked from the store first: read_content or
// read_online_store_pages for pages, read_content for articles, read_products for collections and products).
// Calls are paced by the store's cost limits (the shared cost pacer waits for the points to flow back instead of
// spending requests on "Throttled"). Any failed page fails the whole read, so the caller keeps the index it had.
import {
  createAdminGraphqlClient,
  type AdminGraphqlClient,
  type AdminGraphqlClientOptions,
} from "../../publishing/shopify/admin-graphql-client.ts";
import { normalizeShopDomain } from "../../publishing/shopify/normalize-shop-domain.ts";
import {
  siteIndexArticles,
  siteIndexCollections,
  siteIndexPages,
  siteIndexProducts,
  siteIndexStore,
  shopifyIndexImage,
  type ShopifyOperation,
} from "../../publishing/shopify/operations.ts";
import type { SiteLinkCandidate } from "../pick-site-links.ts";

/** An item's key in the index, as its webhooks and change reads name it: "product" and its GID → "product:8012". */
export const shopifySourceId = (kind: string, gid: string) => `${kind}:${gid.slice(gid.lastIndexOf("/") + 1)}`;

interface Page<N> {
  nodes: N[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null | undefined };
}

/** A store opened for reading its pages: its client, what it granted and where its storefront addresses are. */
export interface OpenedStore {
  client: AdminGraphqlClient;
  /** Whether the store granted any of these scopes (a write scope implies its read scope, as Shopify grants). */
  granted(...any: string[]): boolean;
  /** The storefront address of a path ("pages", handle). */
  at(...parts: string[]): string;
}

/** Asks the store (with a pasted or the app's token) for its primary domain and the scopes it granted. */
export async function openShopifyStore(
  deps: AdminGraphqlClientOptions,
  input: { storeUrl: string; accessToken: string },
): Promise<OpenedStore> {
  const client = createAdminGraphqlClient(
    { shopDomain: normalizeShopDomain(input.storeUrl), accessToken: input.accessToken.trim() },
    deps,
  );
  const store = await client.request(siteIndexStore);
  const storefront = store.shop.primaryDomain.url.replace(/\/+$/, "");
  const scopes = new Set(store.currentAppInstallation.accessScopes.map((scope) => scope.handle));
  return {
    client,
    granted: (...any) => any.some((scope) => scopes.has(scope) || scopes.has(scope.replace(/^read_/, "write_"))),
    at: (...parts) => `${storefront}/${parts.map(encodeURIComponent).join("/")}`,
  };
}

/** An item's image as a field of its page, left out when it has none. */
const withImage = (image: SiteLinkCandidate["image"]) => (image ? { image } : {});

/** Every page of one paged query, into `found`, until its end or the limit. */
async function readPaged<T, N>(
  client: AdminGraphqlClient,
  operation: ShopifyOperation<T>,
  connection: (data: T) => Page<N>,
  toCandidate: (node: N) => SiteLinkCandidate | null,
  found: SiteLinkCandidate[],
  limit: number,
  onPage: ((found: readonly SiteLinkCandidate[]) => Promise<void>) | undefined,
): Promise<void> {
  let after: string | null = null;
  while (found.length < limit) {
    const page = connection(await client.request(operation, { after }));
    for (const node of page.nodes) {
      const candidate = toCandidate(node);
      if (candidate && candidate.title) found.push(candidate);
    }
    await onPage?.(found.slice(0, limit));
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return;
    after = page.pageInfo.endCursor;
  }
}

export async function readShopifySitePages(
  deps: AdminGraphqlClientOptions,
  input: {
    storeUrl: string;
    accessToken: string;
    limit: number;
    /** Told the pages found so far after each page of results (a throw stops the read). */
    onPage?: (found: readonly SiteLinkCandidate[]) => Promise<void>;
  },
): Promise<SiteLinkCandidate[]> {
  const { client, granted, at } = await openShopifyStore(deps, input);
  const found: SiteLinkCandidate[] = [];
  const { limit, onPage } = input;

  // The fewest and most linkable kinds first, so that a bound cuts products rather than articles.
  if (granted("read_online_store_pages", "read_content")) {
    await readPaged(
      client,
      siteIndexPages,
      (d) => d.pages,
      (p) =>
        p.isPublished
          ? { url: at("pages", p.handle), title: p.title.trim(), kind: "page", sourceId: shopifySourceId("page", p.id) }
          : null,
      found,
      limit,
      onPage,
    );
  }
  if (granted("read_content")) {
    await readPaged(
      client,
      siteIndexArticles,
      (d) => d.articles,
      (a) =>
        a.isPublished
          ? {
              url: at("blogs", a.blog.handle, a.handle),
              title: a.title.trim(),
              kind: "article",
              sourceId: shopifySourceId("article", a.id),
            }
          : null,
      found,
      limit,
      onPage,
    );
  }
  if (granted("read_products")) {
    await readPaged(
      client,
      siteIndexCollections,
      (d) => d.collections,
      (c) => ({
        url: at("collections", c.handle),
        title: c.title.trim(),
        kind: "collection",
        sourceId: shopifySourceId("collection", c.id),
        ...withImage(shopifyIndexImage(c)),
      }),
      found,
      limit,
      onPage,
    );
    await readPaged(
      client,
      siteIndexProducts,
      (d) => d.products,
      (p) =>
        p.onlineStoreUrl
          ? {
              url: p.onlineStoreUrl,
              title: p.title.trim(),
              kind: "product",
              sourceId: shopifySourceId("product", p.id),
              ...withImage(shopifyIndexImage(p)),
            }
          : null,
      found,
      limit,
      onPage,
    );
  }
  return found.slice(0, limit);
}
