// Publishes posts to a WordPress site through its REST API, authenticated with an application password: uploads the
// post's images to the media library, points the content at them, tags the post with its keywords, and creates or
// updates the post so that a post is never published twice.
import { createHash } from "node:crypto";
import { isAppError } from "../../errors/index.ts";
import { silentLogger, type Logger } from "../../logger.ts";
import { imageSources, replaceImageSources } from "../shopify/article-images.ts";
import {
  PublishError,
  type ImageLoader,
  type PublishablePost,
  type PublishResult,
  type PublishTarget,
} from "../types.ts";
import { normalizeSiteUrl } from "./normalize-site-url.ts";
import { WordpressRequestError } from "./wordpress-request-error.ts";
import {
  createWordpressRestClient,
  discoverWordpressSite,
  type FetchLike,
  type WordpressCredentials,
  type WordpressRestClient,
} from "./wordpress-rest-client.ts";
import { toWebLink } from "../to-web-link.ts";
import { toWordpressProductCards } from "./to-wordpress-product-cards.ts";
import { woocommerceMethods, type StoreApiGet } from "../woocommerce/index.ts";

export interface WordpressTargetOptions {
  /** Use createSafeFetch: the address is the user's. */
  fetch: FetchLike;
  loadImage: ImageLoader;
  logger?: Logger;
  /** Sends the password over plain http too (ALLOW_PRIVATE_NETWORK_TARGETS: development and tests). */
  allowPlainHttp?: boolean;
}

interface RemotePost {
  id: number;
  link?: string;
  slug?: string;
  status?: string;
  /** Registered post meta the site exposes over REST (SEO plugins' fields only where the site registers them). */
  meta?: Record<string, unknown> | unknown[];
}

/** SEO plugins' post meta, written only when the site exposes the key over REST (neither plugin does by default). */
function seoPluginMeta(post: PublishablePost, exposed: RemotePost["meta"]): Record<string, string> {
  if (!exposed || Array.isArray(exposed)) return {};
  const values: Record<string, string> = {};
  const set = (key: string, value: string | null) => {
    const clean = singleLine(value ?? "");
    if (key in exposed && clean) values[key] = clean;
  };
  set("_yoast_wpseo_title", post.seoTitle);
  set("_yoast_wpseo_metadesc", post.metaDescription);
  set("_yoast_wpseo_focuskw", post.focusKeyphrase);
  set("rank_math_title", post.seoTitle);
  set("rank_math_description", post.metaDescription);
  set("rank_math_focus_keyword", post.focusKeyphrase);
  return values;
}

interface RemoteMedia {
  id: number;
  slug: string;
  source_url: string;
  alt_text?: string;
}

interface RemoteTag {
  id: number;
  name: string;
}

// WordPress keeps slugs up to 200 characters; we upload at most this many images and tags per post.
const MAX_SLUG_LENGTH = 190;
const MAX_IMAGES = 10;
const MAX_TAGS = 20;

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/svg+xml": "svg",
};

/** WordPress's own slug rules (sanitize_title): lower-case letters, digits and hyphens. */
function wordpressSlug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, "");
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#0*38;|&amp;/g, "&")
    .replace(/&#0*39;|&#8217;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

function singleLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export function createWordpressTarget(
  connection: WordpressCredentials,
  options: WordpressTargetOptions,
): PublishTarget {
  const logger = (options.logger ?? silentLogger).child({ platform: "wordpress" });
  let connecting: Promise<WordpressRestClient> | undefined;
  // The site runs WooCommerce (its REST index offers the Store API): its own products' cards are WooCommerce's block.
  let woocommerce = false;

  function connect(): Promise<WordpressRestClient> {
    connecting ??= (async () => {
      let siteUrl: string;
      try {
        siteUrl = normalizeSiteUrl(connection.siteUrl);
      } catch (error) {
        if (isAppError(error)) {
          throw new PublishError(`The WordPress connection's site URL is not valid. ${error.message}`, {
            transient: false,
          });
        }
        throw error;
      }
      const site = await discoverWordpressSite(siteUrl, options.fetch, connection.username);
      woocommerce = site.index?.namespaces?.includes("wc/store/v1") ?? false;
      const client = createWordpressRestClient(site, connection, options.fetch, {
        allowPlainHttp: options.allowPlainHttp,
      });
      // Logging in first makes a wrong password read as such (later requests would fail on what a visitor may not do).
      // Sites that hide their user routes (a common hardening) are checked by the requests that follow instead.
      await client.request("GET", "wp/v2/users/me", { query: { _fields: "id" }, action: "log in" }).catch((error) => {
        if (!(error instanceof WordpressRequestError && error.kind === "not_found")) throw error;
      });
      return client;
    })();
    // A failed discovery is not remembered: the next publication tries again.
    connecting.catch(() => {
      connecting = undefined;
    });
    return connecting;
  }

  /** The post recorded for this publication, else one an earlier attempt created but never recorded (same slug). */
  async function findExistingPost(
    client: WordpressRestClient,
    remoteId: string | null,
    slug: string,
  ): Promise<number | null> {
    if (remoteId && /^\d+$/.test(remoteId)) {
      try {
        const { data } = await client.request<RemotePost>("GET", `wp/v2/posts/${remoteId}`, {
          query: { context: "edit", _fields: "id,status" },
          action: "find the post published earlier",
        });
        return data.id;
      } catch (error) {
        // Deleted on the site since: publish it again rather than fail.
        if (!(error instanceof WordpressRequestError && error.kind === "not_found")) throw error;
        logger.info({ remoteId }, "the post published earlier no longer exists on the site");
      }
    }
    const { data } = await client.request<RemotePost[]>("GET", "wp/v2/posts", {
      query: { slug, status: "any", context: "edit", _fields: "id,slug,status", per_page: 10 },
      action: "look for the post among the site's posts",
    });
    return data.find((p) => p.slug === slug)?.id ?? null;
  }

  /**
   * Uploads the post's images to the media library (or reuses the copies an earlier publication uploaded: each is
   * named after the post and its content) and returns the content pointing at them.
   */
  async function prepareImages(client: WordpressRestClient, post: PublishablePost, slug: string) {
    const featured = post.images[0];
    const sources = [...new Set([...(featured ? [featured.url] : []), ...imageSources(post.html)])].slice(
      0,
      MAX_IMAGES,
    );
    const pending: Array<{ source: string; mediaSlug: string; alt: string; data: Buffer; contentType: string }> = [];
    for (const source of sources) {
      let image: Awaited<ReturnType<ImageLoader>>;
      try {
        image = await options.loadImage(source);
      } catch (cause) {
        throw new PublishError(`Could not read the post's image ${source}; the publication will be retried.`, {
          transient: true,
          cause,
        });
      }
      if (!image) {
        logger.warn({ postId: post.id, source }, "a post image could not be read; it keeps its address");
        continue;
      }
      if (!image.contentType.startsWith("image/")) {
        logger.warn(
          { postId: post.id, source, contentType: image.contentType },
          "skipping a post image that is not an image",
        );
        continue;
      }
      const digest = createHash("sha256").update(image.data).digest("hex").slice(0, 12);
      pending.push({
        source,
        mediaSlug: `${slug.slice(0, 150).replace(/-+$/, "")}-${digest}`,
        alt: singleLine(post.images.find((i) => i.url === source)?.altText ?? ""),
        data: image.data,
        contentType: image.contentType.toLowerCase(),
      });
    }

    const uploaded = new Map<string, RemoteMedia>();
    if (pending.length > 0) {
      const { data: existing } = await client.request<RemoteMedia[]>("GET", "wp/v2/media", {
        query: {
          slug: [...new Set(pending.map((p) => p.mediaSlug))],
          per_page: 100,
          _fields: "id,slug,source_url,alt_text",
        },
        action: "look for images uploaded earlier",
      });
      const bySlug = new Map(existing.map((m) => [m.slug, m]));
      for (const image of pending) {
        let media = bySlug.get(image.mediaSlug);
        if (media && (media.alt_text ?? "") !== image.alt) {
          ({ data: media } = await client.request<RemoteMedia>("POST", `wp/v2/media/${media.id}`, {
            json: { alt_text: image.alt },
            action: "update an image's description",
          }));
        }
        if (!media) {
          const extension = EXTENSIONS[image.contentType] ?? "jpg";
          const filename = `${image.mediaSlug}.${extension}`;
          ({ data: media } = await client.request<RemoteMedia>("POST", "wp/v2/media", {
            query: { slug: image.mediaSlug, alt_text: image.alt, title: image.alt || post.title },
            body: new Uint8Array(image.data),
            headers: { "content-type": image.contentType, "content-disposition": `attachment; filename="${filename}"` },
            action: `upload the image ${filename}`,
          }));
          logger.info({ postId: post.id, mediaId: media.id }, "uploaded a post image to WordPress");
        }
        bySlug.set(image.mediaSlug, media);
        uploaded.set(image.source, media);
      }
    }
    const content = replaceImageSources(post.html, (src) => uploaded.get(src)?.source_url);
    return { content, featuredMediaId: featured ? uploaded.get(featured.url)?.id : undefined };
  }

  /** The ids of the tags named after the keywords, created when missing; undefined when tags cannot be used. */
  async function resolveTags(client: WordpressRestClient, keywords: string[]): Promise<number[] | undefined> {
    const names = [
      ...new Map(
        keywords
          .map((k) => singleLine(k))
          .filter(Boolean)
          .map((k) => [k.toLowerCase(), k]),
      ).values(),
    ].slice(0, MAX_TAGS);
    const ids: number[] = [];
    let mayCreate = true;
    for (const name of names) {
      let found: RemoteTag | undefined;
      try {
        const { data } = await client.request<RemoteTag[]>("GET", "wp/v2/tags", {
          query: { search: name, per_page: 100, _fields: "id,name" },
          action: "look up tags",
        });
        found = data.find((t) => decodeEntities(t.name).toLowerCase() === name.toLowerCase());
      } catch (error) {
        if (error instanceof WordpressRequestError && !error.transient) {
          logger.info(
            { kind: error.kind, code: error.code },
            "tags are not available on this site; publishing without them",
          );
          return undefined;
        }
        throw error;
      }
      if (found) {
        ids.push(found.id);
        continue;
      }
      if (!mayCreate) continue;
      try {
        const { data } = await client.request<RemoteTag>("POST", "wp/v2/tags", {
          json: { name },
          action: `create the tag "${name}"`,
        });
        ids.push(data.id);
      } catch (error) {
        if (!(error instanceof WordpressRequestError)) throw error;
        const existingId = error.code === "term_exists" ? termIdOf(error) : undefined;
        if (existingId !== undefined) {
          ids.push(existingId);
        } else if (error.kind === "forbidden" || error.kind === "unauthorized") {
          // The account may use tags but not create them: keep the ones that exist.
          logger.info({ code: error.code }, "the account may not create tags; using existing ones only");
          mayCreate = false;
        } else if (error.transient) {
          throw error;
        } else {
          logger.warn({ code: error.code, tag: name }, "a tag could not be created; skipping it");
        }
      }
    }
    return [...new Set(ids)];
  }

  /** A card of one of the site's WooCommerce products ("woocommerce:<id>") is WooCommerce's block where it runs. */
  function woocommerceCard(productId: string) {
    const id = /^woocommerce:(\d+)$/.exec(productId)?.[1];
    return woocommerce && id ? { woocommerceProductId: Number(id) } : {};
  }

  async function publish(post: PublishablePost, previous: { remoteId: string | null }): Promise<PublishResult> {
    const slug = wordpressSlug(post.handle);
    if (!slug) throw new PublishError("The post has no usable address (slug) for WordPress.", { transient: false });
    const client = await connect();

    let existingId = await findExistingPost(client, previous.remoteId, slug);
    const { content, featuredMediaId } = await prepareImages(client, post, slug);
    const tags = await resolveTags(client, post.keywords);
    const metaDescription = singleLine(post.metaDescription ?? "");
    const fields = {
      title: singleLine(post.title),
      // The post's product cards as blocks; the rest of the post stays HTML (the editor shows it as classic content).
      content: toWordpressProductCards(content, { optionsFor: woocommerceCard }),
      excerpt: metaDescription ? escapeHtml(metaDescription) : "",
      slug,
      status: "publish",
      ...(tags !== undefined ? { tags } : {}),
      ...(featuredMediaId !== undefined
        ? { featured_media: featuredMediaId }
        : post.images.length === 0
          ? { featured_media: 0 }
          : {}),
    };

    const save = async (body: Record<string, unknown>): Promise<RemotePost> => {
      if (existingId !== null) {
        try {
          const { data } = await client.request<RemotePost>("POST", `wp/v2/posts/${existingId}`, {
            json: body,
            action: "update the post",
          });
          return data;
        } catch (error) {
          if (!(error instanceof WordpressRequestError && error.kind === "not_found")) throw error;
          existingId = null;
        }
      }
      const { data } = await client.request<RemotePost>("POST", "wp/v2/posts", {
        json: body,
        action: "publish the post",
      });
      return data;
    };
    let saved: RemotePost;
    try {
      saved = await save(fields);
    } catch (error) {
      // An account that may not assign tags still publishes, untagged.
      if (!(error instanceof WordpressRequestError && error.code === "rest_cannot_assign_term" && "tags" in fields)) {
        throw error;
      }
      logger.info({ postId: post.id }, "the account may not tag posts; publishing without tags");
      const { tags: _tags, ...untagged } = fields;
      saved = await save(untagged);
    }
    const meta = seoPluginMeta(post, saved.meta);
    if (Object.keys(meta).length > 0) {
      existingId = saved.id;
      saved = await save({ meta });
    }
    logger.info({ postId: post.id, remoteId: saved.id, updated: existingId !== null }, "published to WordPress");
    return { remoteId: String(saved.id), remoteUrl: toWebLink(saved.link) };
  }

  /** WooCommerce's Store API through the site's REST client, once the site is known to run WooCommerce. */
  async function storeApi(): Promise<StoreApiGet | null> {
    const client = await connect();
    if (!woocommerce) return null;
    return async <T>(route: string, query: Record<string, string | number>, action: string) =>
      client.request<T>("GET", route, { query, action });
  }

  return { platform: "wordpress", publish, ...woocommerceMethods(storeApi) };
}

function termIdOf(error: WordpressRequestError): number | undefined {
  const id = error.data?.term_id;
  return typeof id === "number" ? id : undefined;
}
