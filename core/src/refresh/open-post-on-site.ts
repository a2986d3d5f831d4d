// One post of the owner's connected site, read and written in place with the connection's saved credentials: a
// WordPress post over REST (context=edit, the raw fields; POST /wp/v2/posts/<id>, which keeps a revision and updates
// the modified date) or a Shopify article through Admin GraphQL (article(id:), articleUpdate: same id and handle).
// Only fields an update may change are written; the address (slug, handle) never is. The SEO title and meta
// description go where they were read from: the SEO plugin's fields the WordPress site exposes over REST (else the
// meta description is the excerpt and the SEO title is not written), Shopify's title and description tags (the
// global title_tag and description_tag metafields, created when the article has none; a restore removes a tag the
// refresh created).
import { createHash } from "node:crypto";
import { AppError, isAppError } from "../errors/index.ts";
import { createAdminGraphqlClient } from "../publishing/shopify/admin-graphql-client.ts";
import { normalizeShopDomain } from "../publishing/shopify/normalize-shop-domain.ts";
import { openWordpressSite } from "../publishing/wordpress/open-wordpress-site.ts";
import { WordpressRequestError } from "../publishing/wordpress/wordpress-request-error.ts";
import { callPlugin, readPluginErrorMessage, type WordpressPluginSite } from "../publishing/wordpress-plugin/index.ts";
import { decryptSecret } from "../security/index.ts";
import { readFromSite, type SiteConnection, type SiteIndexDeps } from "../site-index/site-connection.ts";
import { textOf } from "../site-posts/wordpress/read-wordpress-posts.ts";
import { refreshArticle, refreshArticleUpdate, refreshTagsDelete } from "./shopify/shopify-operations.ts";
import type { EditablePost } from "./types.ts";

/** The fields written back: what an update or a restore sets. */
export type WritableFields = Pick<
  EditablePost,
  "title" | "html" | "excerpt" | "seoTitle" | "metaDescription" | "seoMeta"
>;

export interface PostOnSite {
  read(): Promise<EditablePost>;
  /** Writes the fields; removeSeoMeta names SEO fields to take off the post (a Shopify tag a refresh created). */
  write(fields: WritableFields, options?: { removeSeoMeta?: readonly string[] }): Promise<void>;
}

const SEO_TITLE_KEYS = ["_yoast_wpseo_title", "rank_math_title"];
const SEO_DESCRIPTION_KEYS = ["_yoast_wpseo_metadesc", "rank_math_description"];
const SEO_KEYS = [...SEO_TITLE_KEYS, ...SEO_DESCRIPTION_KEYS];
/** A Shopify article's SEO title and description: its global title_tag and description_tag metafields. */
const SHOPIFY_TAGS = ["title_tag", "description_tag"];

/** What the post holds, as compared before publishing or restoring: any change on the site changes it. */
export function fingerprintOf(post: WritableFields): string {
  const fields = [post.title, post.html, post.excerpt, post.seoTitle, post.metaDescription, post.seoMeta];
  return createHash("sha256").update(JSON.stringify(fields)).digest("hex");
}

/**
 * Whether the site has somewhere to write the SEO title: WordPress, an SEO plugin's field it exposes; Shopify, always
 * (its title tag, created when the article has none).
 */
export const seoTitleWritable = (platform: "shopify" | "wordpress", post: EditablePost) =>
  platform === "shopify" || SEO_TITLE_KEYS.some((key) => key in post.seoMeta);

interface WordpressEditPost {
  id?: number;
  link?: string;
  slug?: string;
  modified_gmt?: string | null;
  title?: { raw?: string };
  content?: { raw?: string };
  excerpt?: { raw?: string };
  meta?: Record<string, unknown> | unknown[];
}

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function fromWordpress(data: WordpressEditPost): EditablePost {
  const meta = data.meta && !Array.isArray(data.meta) ? data.meta : {};
  const seoMeta: Record<string, string> = {};
  for (const key of SEO_KEYS)
    if (key in meta) seoMeta[key] = typeof meta[key] === "string" ? (meta[key] as string) : "";
  const first = (keys: string[]) => keys.map((key) => seoMeta[key]?.trim()).find(Boolean) ?? null;
  const excerpt = data.excerpt?.raw ?? "";
  return {
    remoteId: String(data.id),
    url: data.link ?? "",
    slug: data.slug ?? null,
    title: data.title?.raw ?? "",
    html: data.content?.raw ?? "",
    excerpt,
    seoTitle: first(SEO_TITLE_KEYS),
    metaDescription: first(SEO_DESCRIPTION_KEYS) ?? textOf(excerpt),
    seoMeta,
    modifiedAt: data.modified_gmt ? `${data.modified_gmt.replace(/Z?$/, "")}Z` : null,
  };
}

/** The post's fields as WordPress takes them: the SEO fields the site exposes, else the excerpt for the description. */
function toWordpress(fields: WritableFields): Record<string, unknown> {
  const exposed = Object.keys(fields.seoMeta);
  const meta: Record<string, string> = { ...fields.seoMeta };
  // The fields keep their own values unless the update changes what they say (a restore writes them back as they were).
  const firstOf = (keys: string[]) => keys.map((key) => fields.seoMeta[key]?.trim()).find(Boolean) ?? null;
  const hasDescriptionField = SEO_DESCRIPTION_KEYS.some((key) => exposed.includes(key));
  if (fields.seoTitle !== null && fields.seoTitle !== firstOf(SEO_TITLE_KEYS)) {
    for (const key of SEO_TITLE_KEYS) if (exposed.includes(key)) meta[key] = fields.seoTitle;
  }
  if (hasDescriptionField && fields.metaDescription !== firstOf(SEO_DESCRIPTION_KEYS)) {
    for (const key of SEO_DESCRIPTION_KEYS) if (exposed.includes(key)) meta[key] = fields.metaDescription;
  }
  return {
    title: fields.title,
    content: fields.html,
    excerpt:
      hasDescriptionField || fields.metaDescription === textOf(fields.excerpt)
        ? fields.excerpt
        : escapeText(fields.metaDescription),
    ...(exposed.length > 0 ? { meta } : {}),
  };
}

/**
 * A site connected through the Postwright plugin has no application password: its post is read and written through
 * the plugin's signed routes (service/posts/read, service/posts/update), which answer and take the fields as
 * WordPress's REST API does with context=edit, and update the post with wp_update_post (same id and address, one
 * revision kept, the modified date updated).
 */
function openPostThroughPlugin(
  deps: SiteIndexDeps,
  connection: { id: number; userId: number },
  remoteId: string,
): PostOnSite {
  const postId = Number(remoteId);
  async function pluginSite(): Promise<WordpressPluginSite> {
    const credential = await deps.prisma.wordpressSiteCredential.findFirst({
      where: { connectionId: connection.id, userId: connection.userId },
    });
    if (!credential) {
      throw new AppError(
        "NOT_FOUND",
        "This WordPress site is no longer connected through the Postwright plugin. Connect it again from the Postwright page in WordPress.",
      );
    }
    return {
      siteId: credential.id,
      restUrl: credential.restUrl,
      signingSecret: decryptSecret(credential.signingSecret, deps.encryptionKey),
    };
  }
  async function call(route: string, payload: Record<string, unknown>, failed: string): Promise<unknown> {
    const site = await pluginSite();
    let answer: Awaited<ReturnType<typeof callPlugin>>;
    try {
      answer = await callPlugin(site, { fetch: deps.fetch, now: deps.now }, route, payload);
    } catch (error) {
      throw new AppError("UPSTREAM", `${failed} Your WordPress site could not be reached. Try again.`, {
        cause: error,
      });
    }
    const { response, data } = answer;
    if (response.ok) return data;
    const code = data && typeof data === "object" && "code" in data ? (data as { code: unknown }).code : undefined;
    if (code === "postwright_post_not_found") {
      throw new AppError(
        "NOT_FOUND",
        "This post is no longer on your WordPress site. Refresh Your posts to see the site as it is now.",
      );
    }
    if (response.status === 404) {
      throw new AppError(
        "UPSTREAM",
        `${failed} The Postwright plugin on your site does not offer updating posts: update the plugin, then try again.`,
      );
    }
    const message = readPluginErrorMessage(data);
    throw new AppError(
      "UPSTREAM",
      `${failed} Your WordPress site answered: ${message ?? `an error (${response.status})`}.`,
    );
  }
  return {
    async read() {
      const data = await call("service/posts/read", { postId }, "Your WordPress site's post could not be read.");
      return fromWordpress((data ?? {}) as WordpressEditPost);
    },
    async write(fields) {
      await call(
        "service/posts/update",
        { postId, ...toWordpress(fields) },
        "The update could not be written to your WordPress site. Nothing was changed.",
      );
    },
  };
}

export function openPostOnSite(deps: SiteIndexDeps, site: SiteConnection, remoteId: string): PostOnSite {
  if (site.platform === "wordpress" && site.connection.via === "plugin") {
    return openPostThroughPlugin(deps, site.connection, remoteId);
  }
  const what = { shopify: "article", wordpress: "post" };
  const writeFailure = (platform: string, error: unknown) => {
    if (isAppError(error)) return error;
    const reason = error instanceof Error ? ` ${error.message}` : "";
    return new AppError(
      "UPSTREAM",
      `The update could not be written to your ${platform}.${reason} Nothing was changed; try again.`,
      {
        cause: error,
      },
    );
  };

  async function read(): Promise<EditablePost> {
    return readFromSite(deps, site, what, {
      wordpress: async (client, credentials) => {
        const rest = await openWordpressSite(credentials, client);
        try {
          const { data } = await rest.request<WordpressEditPost>("GET", `wp/v2/posts/${encodeURIComponent(remoteId)}`, {
            query: { context: "edit", _fields: "id,link,slug,modified_gmt,title,content,excerpt,meta" },
            action: "read the post",
          });
          return fromWordpress(data);
        } catch (error) {
          if (error instanceof WordpressRequestError && error.kind === "not_found") {
            throw new AppError(
              "NOT_FOUND",
              "This post is no longer on your WordPress site. Refresh Your posts to see the site as it is now.",
            );
          }
          throw error;
        }
      },
      shopify: async (client, store) => {
        const graphql = createAdminGraphqlClient(
          { shopDomain: normalizeShopDomain(store.storeUrl), accessToken: store.accessToken.trim() },
          client,
        );
        const { shop, article } = await graphql.request(refreshArticle, { id: remoteId });
        if (!article) {
          throw new AppError(
            "NOT_FOUND",
            "This article is no longer in your Shopify store. Refresh Your posts to see the store as it is now.",
          );
        }
        const storefront = shop.primaryDomain.url.replace(/\/+$/, "");
        const seoMeta: Record<string, string> = {};
        if (article.seoTitle) seoMeta.title_tag = article.seoTitle.value;
        if (article.seoDescription) seoMeta.description_tag = article.seoDescription.value;
        return {
          remoteId: article.id,
          url: `${storefront}/blogs/${encodeURIComponent(article.blog.handle)}/${encodeURIComponent(article.handle)}`,
          slug: article.handle,
          title: article.title,
          html: article.body,
          excerpt: article.summary ?? "",
          seoTitle: article.seoTitle?.value.trim() || null,
          metaDescription: article.seoDescription?.value.trim() || textOf(article.summary ?? ""),
          seoMeta,
          modifiedAt: article.updatedAt ?? null,
        };
      },
    });
  }

  async function write(fields: WritableFields, options: { removeSeoMeta?: readonly string[] } = {}): Promise<void> {
    await readFromSite(deps, site, what, {
      wordpress: async (client, credentials) => {
        try {
          const rest = await openWordpressSite(credentials, client);
          await rest.request("POST", `wp/v2/posts/${encodeURIComponent(remoteId)}`, {
            query: { _fields: "id" },
            json: toWordpress(fields),
            action: "update the post",
          });
        } catch (error) {
          throw writeFailure("WordPress site", error);
        }
      },
      shopify: async (client, store) => {
        try {
          const graphql = createAdminGraphqlClient(
            { shopDomain: normalizeShopDomain(store.storeUrl), accessToken: store.accessToken.trim() },
            client,
          );
          // A tag keeps its own value unless the update changes what it says (a restore writes it back as it was).
          // A tag the article lacks is created when the update says something else than the article without it
          // does: an SEO title, a meta description other than the summary's text (which stays the summary).
          const tag = (key: string, value: string | null, without: string | null) => {
            const own = fields.seoMeta[key];
            const text =
              own === undefined
                ? value?.trim() && value !== without
                  ? value
                  : ""
                : value !== null && value !== (own.trim() || null)
                  ? value
                  : own;
            return text ? [{ namespace: "global", key, type: "single_line_text_field", value: text }] : [];
          };
          const metafields = [
            ...tag("title_tag", fields.seoTitle, null),
            ...tag("description_tag", fields.metaDescription, textOf(fields.excerpt)),
          ];
          const { articleUpdate } = await graphql.request(refreshArticleUpdate, {
            id: remoteId,
            // An article without a summary keeps none (null, as Shopify stores it).
            article: {
              title: fields.title,
              body: fields.html,
              summary: fields.excerpt || null,
              ...(metafields.length > 0 ? { metafields } : {}),
            },
          });
          if (!articleUpdate.article || articleUpdate.userErrors.length > 0) {
            throw new AppError(
              "UPSTREAM",
              `Shopify did not take the update: ${articleUpdate.userErrors.map((e) => e.message).join("; ") || "the article was not found"}. Nothing was changed.`,
            );
          }
          const removed = (options.removeSeoMeta ?? []).filter((key) => SHOPIFY_TAGS.includes(key));
          if (removed.length > 0) {
            const { metafieldsDelete } = await graphql.request(refreshTagsDelete, {
              metafields: removed.map((key) => ({ ownerId: remoteId, namespace: "global", key })),
            });
            if (metafieldsDelete.userErrors.length > 0) {
              throw new AppError(
                "UPSTREAM",
                `Shopify did not remove the SEO ${removed.map((key) => key.replace("_tag", "")).join(" and ")} the refresh added: ${metafieldsDelete.userErrors.map((e) => e.message).join("; ")}. The rest of the previous version is back; clear it in the article's search engine listing.`,
              );
            }
          }
        } catch (error) {
          throw writeFailure("Shopify store", error);
        }
      },
    });
  }

  return { read, write };
}
