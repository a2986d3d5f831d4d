// Reads every published post of a WordPress site over REST with its body: /wp/v2/posts?status=publish, 100 a page,
// only the fields the analysis needs (id, link, slug, dates, title, content, excerpt, meta, Yoast's head), telling the
// caller after each page. The focus keyphrase is the Yoast SEO or Rank Math one where the site exposes it in the
// post's meta over REST; the SEO title and meta description come from Yoast's yoast_head_json when present.
// Password-protected posts are left out (their content is not public). Only public, published content is read.
import { openWordpressSite } from "../../publishing/wordpress/open-wordpress-site.ts";
import { type FetchLike, type WordpressCredentials } from "../../publishing/wordpress/wordpress-rest-client.ts";
import type { RemoteSitePost } from "../types.ts";

const PER_PAGE = 100;
const FIELDS = "id,link,slug,date_gmt,modified_gmt,title,content,excerpt,meta,yoast_head_json";

interface RemotePost {
  id?: number;
  link?: string;
  slug?: string;
  date_gmt?: string | null;
  modified_gmt?: string | null;
  title?: { rendered?: string };
  content?: { rendered?: string; protected?: boolean };
  excerpt?: { rendered?: string };
  meta?: Record<string, unknown> | unknown[];
  yoast_head_json?: { title?: string; description?: string } | null;
}

/** Text of a rendered HTML fragment: tags removed, the usual entities decoded, spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&(?:apos|#039);/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&hellip;/g, "…")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** WordPress's *_gmt times carry no zone: they are UTC. */
const gmt = (value: string | null | undefined) => (value ? new Date(`${value.replace(/Z?$/, "")}Z`) : null);

const metaString = (meta: RemotePost["meta"], key: string) => {
  const value = meta && !Array.isArray(meta) ? meta[key] : undefined;
  return typeof value === "string" && value.trim() ? value.trim() : null;
};

export function toRemoteSitePost(post: RemotePost): RemoteSitePost | null {
  if (typeof post.id !== "number" || !post.link || !/^https?:\/\//i.test(post.link)) return null;
  if (post.content?.protected) return null;
  const yoast = metaString(post.meta, "_yoast_wpseo_focuskw");
  const rankMath = metaString(post.meta, "rank_math_focus_keyword");
  // Rank Math keeps several keyphrases comma-separated; the first is the focus one.
  const keyphrase = yoast ?? rankMath?.split(",")[0]?.trim() ?? null;
  return {
    remoteId: String(post.id),
    url: post.link,
    title: textOf(post.title?.rendered ?? ""),
    slug: post.slug ?? null,
    html: post.content?.rendered ?? "",
    seoTitle: post.yoast_head_json?.title?.trim() || metaString(post.meta, "rank_math_title"),
    metaDescription:
      post.yoast_head_json?.description?.trim() ||
      metaString(post.meta, "_yoast_wpseo_metadesc") ||
      metaString(post.meta, "rank_math_description") ||
      "",
    keyphrase: keyphrase || null,
    keyphraseSource: yoast ? "yoast" : keyphrase ? "rankmath" : null,
    publishedAt: gmt(post.date_gmt),
    modifiedAt: gmt(post.modified_gmt),
  };
}

export async function readWordpressPosts(
  deps: { fetch: FetchLike; allowPlainHttp?: boolean },
  input: {
    credentials: WordpressCredentials;
    limit: number;
    /** Told how many posts were read so far after each page (a throw stops the read). */
    onPage?: (read: number) => Promise<void>;
  },
): Promise<{ siteUrl: string; posts: RemoteSitePost[] }> {
  const client = await openWordpressSite(input.credentials, deps);
  const posts: RemoteSitePost[] = [];
  for (let page = 1; posts.length < input.limit; page++) {
    const { data, headers } = await client.request<RemotePost[]>("GET", "wp/v2/posts", {
      query: { status: "publish", per_page: PER_PAGE, page, orderby: "date", order: "desc", _fields: FIELDS },
      action: "read the site's posts",
    });
    for (const item of Array.isArray(data) ? data : []) {
      const post = toRemoteSitePost(item);
      if (post) posts.push(post);
    }
    await input.onPage?.(Math.min(posts.length, input.limit));
    const pages = Number(headers.get("x-wp-totalpages") ?? "1");
    if (!Array.isArray(data) || data.length < PER_PAGE || page >= pages) break;
  }
  return { siteUrl: client.site.index?.home ?? input.credentials.siteUrl, posts: posts.slice(0, input.limit) };
}
