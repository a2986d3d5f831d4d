// Reads what changed on a WordPress site since a moment: the posts and pages modified after it in any status (so an
// unpublished or trashed one is seen too, which needs the application password's edit rights) and the scheduled ones
// that went live after it (going live does not change a post's modified date). Each is a change of one item for the
// index (applySiteIndexChange): its page when published, else the address it had, so the index drops it.
// A post or page deleted for good (not through the trash, or emptied from it) is in no such list: when the site has
// fewer published posts (or pages) than the index would hold after this read's changes, the ids of the published ones
// (100 a request) show which indexed ones are gone. Categories, which have no modified date, are listed (with posts,
// as the full read takes them) and compared with the index's: new ones added, renamed ones renamed, the rest removed.
// Where WooCommerce runs, its products are checked too (readWoocommerceProductChanges: the newest page and the count).
// The next read starts from the site's own clock (its Date header), a little earlier, so no clock but WordPress's
// decides what counts as changed.
import { openWordpressSite } from "../../publishing/wordpress/open-wordpress-site.ts";
import { type FetchLike, type WordpressCredentials } from "../../publishing/wordpress/wordpress-rest-client.ts";
import {
  decodeWordpressTitle,
  FEATURED_MEDIA_FIELDS,
  FEATURED_MEDIA_QUERY,
  wordpressFeaturedImage,
  type FeaturedMediaEmbed,
} from "./read-wordpress-site-pages.ts";
import type { SiteItemChange } from "../apply-site-index-change.ts";
import type { SiteLinkCandidate } from "../pick-site-links.ts";
import { readWoocommerceProductChanges, type IndexedProduct } from "../woocommerce/read-woocommerce-site-products.ts";

const PER_PAGE = 100;
/** Read again on the next read: a change saved in the second the read ran is not missed. */
const OVERLAP_MS = 60_000;
/** At most this many changed items a read (a larger change waits for the next full read). */
const MAX_CHANGES = 1_000;

interface RemoteItem {
  id?: number;
  link?: string;
  status?: string;
  slug?: string;
  modified_gmt?: string;
  date_gmt?: string | null;
  permalink_template?: string;
  title?: { rendered?: string; raw?: string };
  _embedded?: FeaturedMediaEmbed;
}

/** A page with its image, left out when it has none. */
const withImage = <P extends object>(page: P, image: SiteLinkCandidate["image"]) => (image ? { ...page, image } : page);

export interface WordpressSiteChanges {
  changes: SiteItemChange[];
  /** Where the next read starts. */
  nextSince: Date;
}

const gmt = (value: string | null | undefined) => (value ? new Date(`${value.replace(/Z$/, "")}Z`) : null);

/** Where a post that is not published now was (or would be) found: its permalink with its own slug. */
function formerAddress(item: RemoteItem): string | null {
  if (item.permalink_template && item.slug && /%(?:postname|pagename)%/.test(item.permalink_template)) {
    return item.permalink_template.replace(/%(?:postname|pagename)%/, item.slug.replace(/__trashed$/, ""));
  }
  return item.link ? item.link.replace(/__trashed(?=\/?(?:$|[?#]))/, "") : null;
}

export async function readWordpressSiteChanges(
  deps: { fetch: FetchLike; allowPlainHttp?: boolean },
  input: {
    credentials: WordpressCredentials;
    since: Date;
    /** The ids of the posts or pages in the index now ("post:42"): those deleted from the site are removed. */
    indexed?: (kind: "post" | "page") => Promise<ReadonlySet<string>>;
    /**
     * The categories in the index now ("category:7" with its address and title): the site's categories with posts are
     * compared with them, so a new one is added, a renamed one renamed and a deleted or emptied one removed.
     */
    indexedCategories?: () => Promise<ReadonlyArray<{ sourceId: string; url: string; title: string }>>;
    /** The WooCommerce products in the index now ("product:12"), compared with the store's where it runs. */
    indexedProducts?: () => Promise<readonly IndexedProduct[]>;
  },
): Promise<WordpressSiteChanges> {
  const client = await openWordpressSite(input.credentials, deps);
  const since = new Date(input.since.getTime() - 1000).toISOString();
  let siteClock: Date | null = null;
  const items = new Map<string, { kind: "post" | "page"; item: RemoteItem }>();
  // Every status but auto-drafts ("any" would leave out the trash).
  const anyStatus = "publish,future,draft,pending,private,trash";
  const reads = [
    { route: "wp/v2/posts", kind: "post" as const, query: { status: anyStatus, modified_after: since } },
    { route: "wp/v2/pages", kind: "page" as const, query: { status: anyStatus, modified_after: since } },
    { route: "wp/v2/posts", kind: "post" as const, query: { status: "publish", after: since } },
    { route: "wp/v2/pages", kind: "page" as const, query: { status: "publish", after: since } },
  ];
  for (const read of reads) {
    for (let page = 1; items.size < MAX_CHANGES; page++) {
      const { data, headers } = await client.request<RemoteItem[]>("GET", read.route, {
        query: {
          ...read.query,
          context: "edit",
          per_page: PER_PAGE,
          page,
          ...FEATURED_MEDIA_QUERY,
          _fields: `id,link,status,slug,modified_gmt,date_gmt,permalink_template,title,${FEATURED_MEDIA_FIELDS}`,
        },
        action: `read the site's changed ${read.kind}s`,
      });
      const date = headers.get("date");
      if (siteClock === null && date && !Number.isNaN(Date.parse(date))) siteClock = new Date(date);
      for (const item of Array.isArray(data) ? data : []) {
        if (typeof item.id === "number") items.set(`${read.kind}:${item.id}`, { kind: read.kind, item });
      }
      const pages = Number(headers.get("x-wp-totalpages") ?? "1");
      if (!Array.isArray(data) || data.length < PER_PAGE || page >= pages) break;
    }
  }
  const changes: SiteItemChange[] = [];
  for (const [sourceId, { kind, item }] of items) {
    const title = decodeWordpressTitle(item.title?.rendered ?? item.title?.raw ?? "");
    const changedAt = [gmt(item.modified_gmt), item.status === "publish" ? gmt(item.date_gmt) : null]
      .filter((d): d is Date => d !== null && !Number.isNaN(d.getTime()))
      .reduce<Date | null>((latest, d) => (latest && latest > d ? latest : d), null);
    if (!changedAt) continue;
    const linkable = item.status === "publish" && !!item.link && /^https?:\/\//i.test(item.link) && title !== "";
    changes.push({
      sourceId,
      changedAt,
      page: linkable ? withImage({ url: item.link!, title, kind }, wordpressFeaturedImage(item._embedded)) : null,
      address: linkable ? item.link! : formerAddress(item),
      removed: false,
    });
  }
  const clock = siteClock ?? new Date();
  for (const kind of input.indexed ? (["post", "page"] as const) : []) {
    // The index as this read's changes leave it.
    const expected = new Set(await input.indexed!(kind));
    const before = new Set(expected);
    for (const change of changes) {
      if (!change.sourceId.startsWith(`${kind}:`)) continue;
      if (change.page) expected.add(change.sourceId);
      else expected.delete(change.sourceId);
    }
    if (expected.size === 0) continue;
    const route = `wp/v2/${kind}s`;
    const action = `read the site's ${kind}s`;
    const { headers } = await client.request<unknown>("GET", route, {
      query: { status: "publish", per_page: 1, _fields: "id" },
      action,
    });
    const published = Number(headers.get("x-wp-total") ?? "NaN");
    if (!Number.isFinite(published) || published >= expected.size) continue;
    const ids = new Set<string>();
    for (let page = 1; ; page++) {
      const { data, headers: listed } = await client.request<RemoteItem[]>("GET", route, {
        query: { status: "publish", per_page: PER_PAGE, page, _fields: "id" },
        action,
      });
      for (const item of Array.isArray(data) ? data : [])
        if (typeof item.id === "number") ids.add(`${kind}:${item.id}`);
      const pages = Number(listed.get("x-wp-totalpages") ?? "1");
      if (!Array.isArray(data) || data.length < PER_PAGE || page >= pages) break;
    }
    for (const sourceId of before) {
      if (expected.has(sourceId) && !ids.has(sourceId)) {
        changes.push({ sourceId, changedAt: clock, page: null, address: null, removed: true });
      }
    }
  }
  if (input.indexedCategories) {
    // Terms have no modified date: the site's categories with posts (as the full read indexes them) are compared with
    // the index's, each difference a change as of the site's clock.
    const known = new Map((await input.indexedCategories()).map((entry) => [entry.sourceId, entry]));
    const listed = new Set<string>();
    for (let page = 1; ; page++) {
      const { data, headers } = await client.request<{ id?: number; name?: string; link?: string; count?: number }[]>(
        "GET",
        "wp/v2/categories",
        {
          query: { hide_empty: true, per_page: PER_PAGE, page, _fields: "id,name,link,count" },
          action: "read the site's categories",
        },
      );
      for (const item of Array.isArray(data) ? data : []) {
        const title = decodeWordpressTitle(item.name ?? "");
        if (typeof item.id !== "number" || !item.link || !/^https?:\/\//i.test(item.link) || !title) continue;
        if ((item.count ?? 0) < 1) continue;
        const sourceId = `category:${item.id}`;
        listed.add(sourceId);
        const was = known.get(sourceId);
        if (was && was.url === item.link && was.title === title.slice(0, 300)) continue;
        changes.push({
          sourceId,
          changedAt: clock,
          page: { url: item.link, title, kind: "category" },
          address: was?.url ?? item.link,
          removed: false,
        });
      }
      const pages = Number(headers.get("x-wp-totalpages") ?? "1");
      if (!Array.isArray(data) || data.length < PER_PAGE || page >= pages) break;
    }
    // Deleted, or left without posts (it may have some again): it leaves the index until then.
    for (const [sourceId, was] of known) {
      if (!listed.has(sourceId))
        changes.push({ sourceId, changedAt: clock, page: null, address: was.url, removed: false });
    }
  }
  if (input.indexedProducts) {
    changes.push(...(await readWoocommerceProductChanges(client, { indexed: input.indexedProducts, at: clock })));
  }
  return { changes, nextSince: new Date(clock.getTime() - OVERLAP_MS) };
}
