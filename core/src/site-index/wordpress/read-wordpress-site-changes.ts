// Reads what changed on a WordPress site since a moment: the posts and pages modified after it in any status (so an
// unpublished or trashed one is seen too, which needs the application password's edit rights) and the scheduled ones
// that went live after it (going live does not change a post's modified date). Each is a change of one item for the
// index (applySiteIndexChange): its page when published, else the address it had, so the index drops it.
// The next read starts from the site's own clock (its Date header), a little earlier, so no clock but WordPress's
// decides what counts as changed.
import { normalizeSiteUrl } from "../../publishing/wordpress/normalize-site-url.ts";
import {
  createWordpressRestClient,
  discoverWordpressSite,
  type FetchLike,
  type WordpressCredentials,
} from "../../publishing/wordpress/wordpress-rest-client.ts";
import { decodeWordpressTitle } from "./read-wordpress-site-pages.ts";
import type { SiteItemChange } from "../apply-site-index-change.ts";

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
}

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
  input: { credentials: WordpressCredentials; since: Date },
): Promise<WordpressSiteChanges> {
  const site = await discoverWordpressSite(
    normalizeSiteUrl(input.credentials.siteUrl),
    deps.fetch,
    input.credentials.username,
  );
  const client = createWordpressRestClient(site, input.credentials, deps.fetch, {
    allowPlainHttp: deps.allowPlainHttp,
  });
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
          _fields: "id,link,status,slug,modified_gmt,date_gmt,permalink_template,title",
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
      page: linkable ? { url: item.link!, title, kind } : null,
      address: linkable ? item.link! : formerAddress(item),
      removed: false,
    });
  }
  const clock = siteClock ?? new Date();
  return { changes, nextSince: new Date(clock.getTime() - OVERLAP_MS) };
}
