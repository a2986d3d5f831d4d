// Reads what changed in a Shopify store since a moment, for a store that has no webhooks to say so (connected with a
// pasted token) and for what no webhook covers (pages and articles): its products, collections, online store pages
// and articles updated after it, found with Shopify's search syntax (`updated_at:>'…'`), each in any state, so one
// unpublished, archived or hidden from the online store leaves the index too. Each is a change of one item for the
// index (applySiteIndexChange), keyed as the webhooks key theirs ("product:8012"), so a change the webhook already
// applied changes nothing. Deleted items are not listed by these searches: they leave the index at the daily full read.
// Shopify's search index trails its writes by moments, so each read starts well before the last one ended.
import type { AdminGraphqlClient, AdminGraphqlClientOptions } from "../../publishing/shopify/admin-graphql-client.ts";
import {
  changedArticles,
  changedCollections,
  changedPages,
  changedProducts,
  type ShopifyOperation,
} from "../../publishing/shopify/operations.ts";
import type { SiteItemChange } from "../apply-site-index-change.ts";
import type { SiteLinkCandidate } from "../pick-site-links.ts";
import { openShopifyStore } from "./read-shopify-site-pages.ts";

/** Read again on the next read: Shopify's search finds a change moments after it is saved. */
const OVERLAP_MS = 5 * 60_000;
/** At most this many changed items of each kind a read (a larger change waits for the next full read). */
const MAX_CHANGES = 1_000;

export interface ShopifySiteChanges {
  changes: SiteItemChange[];
  /** Where the next read starts. */
  nextSince: Date;
}

interface Connection<N> {
  nodes: N[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null | undefined };
}

/** Every node of a search, page by page, up to the bound. */
async function readAll<T, N>(
  client: AdminGraphqlClient,
  operation: ShopifyOperation<T>,
  query: string,
  connection: (data: T) => Connection<N>,
): Promise<N[]> {
  const nodes: N[] = [];
  let after: string | null = null;
  while (nodes.length < MAX_CHANGES) {
    const page = connection(await client.request(operation, { after, query }));
    nodes.push(...page.nodes);
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) break;
    after = page.pageInfo.endCursor;
  }
  return nodes.slice(0, MAX_CHANGES);
}

/** "gid://shopify/Product/8012" → "8012", the id a webhook carries. */
const numericId = (gid: string) => gid.slice(gid.lastIndexOf("/") + 1);

export async function readShopifySiteChanges(
  deps: AdminGraphqlClientOptions,
  input: { storeUrl: string; accessToken: string; since: Date; now: Date },
): Promise<ShopifySiteChanges> {
  const { client, granted, at } = await openShopifyStore(deps, input);
  const since = `updated_at:>'${new Date(input.since.getTime() - 1000).toISOString().replace(/\.\d+Z$/, "Z")}'`;
  const changes: SiteItemChange[] = [];
  const add = (
    sourceId: string,
    node: { title: string; updatedAt: string },
    address: string,
    kind: SiteLinkCandidate["kind"],
    linkable: boolean,
  ) => {
    const changedAt = new Date(node.updatedAt);
    if (Number.isNaN(changedAt.getTime())) return;
    const title = node.title.trim();
    changes.push({
      sourceId,
      changedAt,
      page: linkable && title ? { url: address, title, kind } : null,
      address,
      removed: false,
    });
  };

  if (granted("read_online_store_pages", "read_content")) {
    for (const p of await readAll(client, changedPages, since, (d) => d.pages)) {
      add(`page:${numericId(p.id)}`, p, at("pages", p.handle), "page", p.isPublished);
    }
  }
  if (granted("read_content")) {
    for (const a of await readAll(client, changedArticles, since, (d) => d.articles)) {
      add(`article:${numericId(a.id)}`, a, at("blogs", a.blog.handle, a.handle), "article", a.isPublished);
    }
  }
  if (granted("read_products")) {
    // Whether a collection is in the online store is a search filter, not a field: the changed ones, then which of
    // them are published.
    const collections = await readAll(client, changedCollections, since, (d) => d.collections);
    const published =
      collections.length === 0
        ? new Set<string>()
        : new Set(
            (
              await readAll(client, changedCollections, `${since} published_status:published`, (d) => d.collections)
            ).map((c) => c.id),
          );
    for (const c of collections) {
      add(`collection:${numericId(c.id)}`, c, at("collections", c.handle), "collection", published.has(c.id));
    }
    for (const p of await readAll(client, changedProducts, since, (d) => d.products)) {
      // A product's page is where the store says; one not in the online store would be at its handle.
      add(
        `product:${numericId(p.id)}`,
        p,
        p.onlineStoreUrl ?? at("products", p.handle),
        "product",
        p.status === "ACTIVE" && !!p.onlineStoreUrl,
      );
    }
  }
  return { changes, nextSince: new Date(input.now.getTime() - OVERLAP_MS) };
}
