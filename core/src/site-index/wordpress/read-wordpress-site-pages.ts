// Reads the linkable pages of a WordPress site over REST: published posts and pages (with their featured image,
// embedded), categories with posts, and where WooCommerce runs its products (through its Store API, with their first
// image), 100 a page (telling the caller what it found after each page), through the caller's (SSRF-guarded,
// time-limited) fetch, up to a bound. Only public content is read.
import { openWordpressSite } from "../../publishing/wordpress/open-wordpress-site.ts";
import { type FetchLike, type WordpressCredentials } from "../../publishing/wordpress/wordpress-rest-client.ts";
import type { SiteLinkCandidate } from "../pick-site-links.ts";
import { readWoocommerceSiteProducts } from "../woocommerce/read-woocommerce-site-products.ts";

const PER_PAGE = 100;

interface RemoteItem {
  id?: number;
  link?: string;
  title?: { rendered?: string };
  name?: string;
  count?: number;
  _embedded?: FeaturedMediaEmbed;
}

/** A post's or page's featured media as `_embed=wp:featuredmedia` gives it. */
export interface FeaturedMediaEmbed {
  "wp:featuredmedia"?: Array<{ source_url?: string; alt_text?: string; media_type?: string } | undefined>;
}

/** What to ask with a post's or page's fields for its featured media (the fields `_embed` needs kept). */
export const FEATURED_MEDIA_QUERY = { _embed: "wp:featuredmedia" } as const;
export const FEATURED_MEDIA_FIELDS = "_links,_embedded";

/** A post's or page's featured image as the site index keeps it (its address and alt text), or null. */
export function wordpressFeaturedImage(embedded: FeaturedMediaEmbed | undefined): SiteLinkCandidate["image"] {
  const media = embedded?.["wp:featuredmedia"]?.[0];
  if (!media?.source_url || !/^https?:\/\//i.test(media.source_url)) return null;
  if (media.media_type && media.media_type !== "image") return null;
  return { url: media.source_url, alt: decodeWordpressTitle(media.alt_text ?? "") };
}

/** A title as WordPress renders it, in plain text. */
export const decodeWordpressTitle = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&(?:apos|#039);/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();

export async function readWordpressSitePages(
  deps: { fetch: FetchLike; allowPlainHttp?: boolean },
  input: {
    credentials: WordpressCredentials;
    limit: number;
    /** Told the pages found so far after each page of results (a throw stops the read). */
    onPage?: (found: readonly SiteLinkCandidate[]) => Promise<void>;
  },
): Promise<SiteLinkCandidate[]> {
  const client = await openWordpressSite(input.credentials, deps);
  const found: SiteLinkCandidate[] = [];
  const sources = [
    {
      route: "wp/v2/posts",
      kind: "post",
      fields: `id,link,title,${FEATURED_MEDIA_FIELDS}`,
      query: { status: "publish", ...FEATURED_MEDIA_QUERY },
    },
    {
      route: "wp/v2/pages",
      kind: "page",
      fields: `id,link,title,${FEATURED_MEDIA_FIELDS}`,
      query: { status: "publish", ...FEATURED_MEDIA_QUERY },
    },
    { route: "wp/v2/categories", kind: "category", fields: "id,link,name,count", query: { hide_empty: true } },
  ];
  for (const source of sources) {
    for (let page = 1; found.length < input.limit; page++) {
      const { data, headers } = await client.request<RemoteItem[]>("GET", source.route, {
        query: { ...source.query, per_page: PER_PAGE, page, _fields: source.fields },
        action: `read the site's ${source.kind === "category" ? "categories" : `${source.kind}s`}`,
      });
      for (const item of Array.isArray(data) ? data : []) {
        const title = decodeWordpressTitle(item.title?.rendered ?? item.name ?? "");
        if (item.link && /^https?:\/\//i.test(item.link) && title) {
          const sourceId = typeof item.id === "number" ? `${source.kind}:${item.id}` : null;
          const image = wordpressFeaturedImage(item._embedded);
          found.push({ url: item.link, title, kind: source.kind, sourceId, ...(image ? { image } : {}) });
        }
      }
      await input.onPage?.(found.slice(0, input.limit));
      const pages = Number(headers.get("x-wp-totalpages") ?? "1");
      if (!Array.isArray(data) || data.length < PER_PAGE || page >= pages) break;
    }
  }
  if (found.length < input.limit) {
    const products = await readWoocommerceSiteProducts(client);
    if (products.length > 0) {
      found.push(...products);
      await input.onPage?.(found.slice(0, input.limit));
    }
  }
  return found.slice(0, input.limit);
}
