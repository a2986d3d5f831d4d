// Reads what changed in a Shopify store since a moment, for a store that has no webhooks to say so (connected with a
// pasted token) and for what no webhook covers (pages and articles): its products, collections, online store pages
// and articles updated after it, found with Shopify's search syntax (`updated_at:>'…'`), each in any state, so one
// unpublished, archived or hidden from the online store leaves the index too. Each is a change of one item for the
// index (applySiteIndexChange), keyed as the webhooks key theirs ("product:8012"), so a change the webhook already
// applied changes nothing. Deleted items are not found by these searches: deleted products and collections are read
// from the store's deletion events (`events`, action destroy); pages and articles have none, so their counts in any
// state (`pagesCount`, each blog's `articlesCount`) are compared with the last read's plus those created since, and
// when they differ (or on the first such read) the ids of every page or article (one point a page) show which of the
// indexed ones are gone. Shopify's search index trails its writes by moments, so each read starts well before the last
// one ended.
import type { AdminGraphqlClient, AdminGraphqlClientOptions } from "../../publishing/shopify/admin-graphql-client.ts";
import {
  articleIds,
  changedArticles,
  changedCollections,
  changedPages,
  changedProducts,
  contentCounts,
  deletedItems,
  pageIds,
  type ShopifyOperation,
  shopifyIndexImage,
} from "../../publishing/shopify/operations.ts";
import type { SiteItemChange } from "../apply-site-index-change.ts";
import type { SiteLinkCandidate } from "../pick-site-links.ts";
import { openShopifyStore } from "./read-shopify-site-pages.ts";

/** Read again on the next read: Shopify's search finds a change moments after it is saved. */
const OVERLAP_MS = 5 * 60_000;
/** At most this many changed items of each kind a read (a larger change waits for the next full read). */
const MAX_CHANGES = 1_000;

/** What a changes read counted of the kinds Shopify keeps no deletion events for, in any state, and when. */
export interface ShopifyContentCounts {
  at: Date;
  pages: number | null;
  articles: number | null;
}

export interface ShopifySiteChanges {
  changes: SiteItemChange[];
  /** Where the next read starts. */
  nextSince: Date;
  /** What the next read compares its counts with (null when the store granted neither kind). */
  counts: ShopifyContentCounts | null;
}

interface Connection<N> {
  nodes: N[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null | undefined };
}

/** Every node of a listing (with `query`, a search), page by page, up to `limit`. */
async function readAll<T, N>(
  client: AdminGraphqlClient,
  operation: ShopifyOperation<T>,
  query: string | undefined,
  connection: (data: T) => Connection<N>,
  limit = MAX_CHANGES,
): Promise<N[]> {
  const nodes: N[] = [];
  let after: string | null = null;
  while (nodes.length < limit) {
    const page = connection(await client.request(operation, query === undefined ? { after } : { after, query }));
    nodes.push(...page.nodes);
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) break;
    after = page.pageInfo.endCursor;
  }
  return nodes.slice(0, limit);
}

/** Every id of a listing, to its end, as the index keys them ("8012"). */
async function readIds<T>(
  client: AdminGraphqlClient,
  operation: ShopifyOperation<T>,
  connection: (data: T) => Connection<{ id: string }>,
): Promise<Set<string>> {
  const nodes = await readAll(client, operation, undefined, connection, Infinity);
  return new Set(nodes.map((node) => numericId(node.id)));
}

const countPage = (client: AdminGraphqlClient, after: string | null) => client.request(contentCounts, { after });

/** How many pages and articles (over every blog) the store has, in any state. */
async function countContent(client: AdminGraphqlClient): Promise<{ pages: number | null; articles: number }> {
  let pages: number | null = null;
  let articles = 0;
  let after: string | null = null;
  for (;;) {
    const data: Awaited<ReturnType<typeof countPage>> = await countPage(client, after);
    pages = data.pagesCount?.count ?? null;
    for (const blog of data.blogs.nodes) articles += blog.articlesCount?.count ?? 0;
    if (!data.blogs.pageInfo.hasNextPage || !data.blogs.pageInfo.endCursor) return { pages, articles };
    after = data.blogs.pageInfo.endCursor;
  }
}

/** "gid://shopify/Product/8012" → "8012", the id a webhook carries. */
const numericId = (gid: string) => gid.slice(gid.lastIndexOf("/") + 1);

/** A date as Shopify's search syntax takes it, a second early (its search compares whole seconds). */
const searchDate = (date: Date) => new Date(date.getTime() - 1000).toISOString().replace(/\.\d+Z$/, "Z");

export async function readShopifySiteChanges(
  deps: AdminGraphqlClientOptions,
  input: {
    storeUrl: string;
    accessToken: string;
    since: Date;
    now: Date;
    /** What the last read counted (null: nothing yet, so the ids are read once). */
    counts: ShopifyContentCounts | null;
    /** The ids of the pages or articles in the index now ("page:12"): those the store no longer has are removed. */
    indexed: (kind: "page" | "article") => Promise<ReadonlySet<string>>;
  },
): Promise<ShopifySiteChanges> {
  const { client, granted, at } = await openShopifyStore(deps, input);
  const since = `updated_at:>'${searchDate(input.since)}'`;
  const changes: SiteItemChange[] = [];
  const removed = (sourceId: string, changedAt: Date) =>
    changes.push({ sourceId, changedAt, page: null, address: null, removed: true });
  /** Pages and articles created after the last count, as the searches found them. */
  const created = { pages: 0, articles: 0 };
  const createdSince = (node: { createdAt: string }) =>
    input.counts !== null && Date.parse(node.createdAt) > input.counts.at.getTime();
  const add = (
    sourceId: string,
    node: { title: string; updatedAt: string },
    address: string,
    kind: SiteLinkCandidate["kind"],
    linkable: boolean,
    image: SiteLinkCandidate["image"] = null,
  ) => {
    const changedAt = new Date(node.updatedAt);
    if (Number.isNaN(changedAt.getTime())) return;
    const title = node.title.trim();
    changes.push({
      sourceId,
      changedAt,
      page: linkable && title ? { url: address, title, kind, ...(image ? { image } : {}) } : null,
      address,
      removed: false,
    });
  };

  const pagesGranted = granted("read_online_store_pages", "read_content");
  const articlesGranted = granted("read_content");
  if (pagesGranted) {
    for (const p of await readAll(client, changedPages, since, (d) => d.pages)) {
      add(`page:${numericId(p.id)}`, p, at("pages", p.handle), "page", p.isPublished);
      if (createdSince(p)) created.pages += 1;
    }
  }
  if (articlesGranted) {
    for (const a of await readAll(client, changedArticles, since, (d) => d.articles)) {
      add(`article:${numericId(a.id)}`, a, at("blogs", a.blog.handle, a.handle), "article", a.isPublished);
      if (createdSince(a)) created.articles += 1;
    }
  }
  let counts: ShopifyContentCounts | null = null;
  if (pagesGranted || articlesGranted) {
    const countedAt = input.now;
    const found = await countContent(client);
    counts = {
      at: countedAt,
      pages: pagesGranted ? found.pages : null,
      articles: articlesGranted ? found.articles : null,
    };
    const kinds = [
      {
        kind: "page" as const,
        now: counts.pages,
        before: input.counts?.pages,
        made: created.pages,
        listIds: () => readIds(client, pageIds, (d) => d.pages),
      },
      {
        kind: "article" as const,
        now: counts.articles,
        before: input.counts?.articles,
        made: created.articles,
        listIds: () => readIds(client, articleIds, (d) => d.articles),
      },
    ];
    for (const { kind, now, before, made, listIds } of kinds) {
      if (now === null) continue;
      // As many as last time plus those created since: none was deleted. Otherwise (or with nothing to compare with)
      // the ids say which indexed ones are gone.
      if (before !== null && before !== undefined && now === before + made) continue;
      const indexed = await input.indexed(kind);
      if (indexed.size === 0) continue;
      const ids = await listIds();
      for (const sourceId of indexed) {
        if (!ids.has(sourceId.slice(sourceId.indexOf(":") + 1))) removed(sourceId, countedAt);
      }
    }
  }
  if (granted("read_products")) {
    // Deleted products and collections: the store's deletion events since.
    for (const [type, kind] of [
      ["PRODUCT", "product"],
      ["COLLECTION", "collection"],
    ] as const) {
      const query = `action:'destroy' AND subject_type:'${type}' AND created_at:>'${searchDate(input.since)}'`;
      for (const event of await readAll(client, deletedItems, query, (d) => d.events)) {
        const changedAt = new Date(event.createdAt);
        if (event.subjectType !== type || !event.subjectId || Number.isNaN(changedAt.getTime())) continue;
        removed(`${kind}:${numericId(event.subjectId)}`, changedAt);
      }
    }
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
      add(
        `collection:${numericId(c.id)}`,
        c,
        at("collections", c.handle),
        "collection",
        published.has(c.id),
        shopifyIndexImage(c),
      );
    }
    for (const p of await readAll(client, changedProducts, since, (d) => d.products)) {
      // A product's page is where the store says; one not in the online store would be at its handle.
      add(
        `product:${numericId(p.id)}`,
        p,
        p.onlineStoreUrl ?? at("products", p.handle),
        "product",
        p.status === "ACTIVE" && !!p.onlineStoreUrl,
        shopifyIndexImage(p),
      );
    }
  }
  return { changes, nextSince: new Date(input.now.getTime() - OVERLAP_MS), counts };
}
