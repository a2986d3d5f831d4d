// Publishes to a WordPress site connected through the Postwright plugin: one signed request to the plugin's route
// (POST <restUrl>postwright/v1/service/publish), which writes the post as blocks, sideloads its images and fills the
// active SEO plugin's fields. The publication key is derived from the post and its publication handle (fixed when the
// publication is first claimed), so every attempt of one publication, retries after a crash included, sends the same
// key and the plugin updates the post it already made instead of making a second one.
import {
  servicePingResponseSchema,
  servicePublishResponseSchema,
  type ServicePublishRequest,
} from "../../contracts/wordpress-plugin.ts";
import { silentLogger, type Logger } from "../../logger.ts";
import { PublishError, type PublishablePost, type PublishResult, type PublishTarget } from "../types.ts";
import type { FetchLike } from "../wordpress/index.ts";
import { createPublicStoreApi, woocommerceMethods } from "../woocommerce/index.ts";
import { signPluginRequest } from "./sign-plugin-request.ts";

export interface WordpressPluginSite {
  siteId: string;
  /** The site's REST API root, ending in a slash (or a ?rest_route=/ address). */
  restUrl: string;
  signingSecret: string;
}

export interface WordpressPluginTargetOptions {
  /** Use createSafeFetch: the address is the user's. */
  fetch: FetchLike;
  /** This service's public address, to give the plugin absolute addresses of uploaded images. */
  publicUrl: string;
  logger?: Logger;
  now?: () => Date;
}

const LABEL = "WordPress";

/**
 * The idempotency key of a post's publication on a plugin-connected site. The plugin's own admin page uses the same
 * key (`post-<id>`), so a post published from WordPress and from the dashboard stays one WordPress post.
 */
export function publicationKeyOf(post: Pick<PublishablePost, "id">): string {
  return `post-${post.id}`;
}

/** The address of a route of the plugin under the site's REST root (pretty permalinks or ?rest_route=). */
export function pluginRouteUrl(restUrl: string, route: string): string {
  const url = new URL(restUrl);
  const restRoute = url.searchParams.get("rest_route");
  if (restRoute !== null) {
    url.searchParams.set("rest_route", `${restRoute.replace(/\/+$/, "")}/postwright/v1/${route}`);
    return url.href;
  }
  return new URL(`postwright/v1/${route}`, url.href.endsWith("/") ? url.href : `${url.href}/`).href;
}

/**
 * One signed POST to a route of the plugin (`service/...`), its answer read as JSON (undefined when it is not). A
 * network failure is a transient PublishError; every answer, refusals included, is returned to the caller.
 */
export async function callPlugin(
  site: WordpressPluginSite,
  options: Pick<WordpressPluginTargetOptions, "fetch" | "now">,
  route: string,
  payload: unknown,
): Promise<{ response: Response; data: unknown }> {
  const body = JSON.stringify(payload);
  const url = pluginRouteUrl(site.restUrl, route);
  // Signed over the method, the REST route, the query and the body, so the request cannot be sent elsewhere or
  // given parameters the service did not write.
  const signature = signPluginRequest(
    {
      siteId: site.siteId,
      signingSecret: site.signingSecret,
      method: "POST",
      route: `/postwright/v1/${route}`,
      query: new URL(url).searchParams,
      body,
    },
    options.now?.(),
  );
  const headers = { "Content-Type": "application/json", Accept: "application/json", ...signature };
  let response: Response;
  try {
    response = await options.fetch(url, { method: "POST", headers, body });
  } catch (error) {
    throw new PublishError(`${LABEL} could not be reached. Please try again later.`, {
      transient: true,
      cause: error,
    });
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  return { response, data };
}

export function createWordpressPluginTarget(
  site: WordpressPluginSite,
  options: WordpressPluginTargetOptions,
): PublishTarget & {
  ping(): Promise<{ version: string }>;
} {
  const logger = options.logger ?? silentLogger;

  async function send(route: string, payload: unknown): Promise<unknown> {
    const { response, data } = await callPlugin(site, options, route, payload);
    if (response.ok) return data;
    const message = readMessage(data);
    logger.warn({ status: response.status, route, code: readCode(data) }, "the Postwright plugin refused a request");
    if (response.status === 404) {
      throw new PublishError(
        "The Postwright plugin is not active on your WordPress site. Activate it, or connect the site again.",
        { transient: false },
      );
    }
    if (response.status === 401 || response.status === 403) {
      throw new PublishError(
        `Your WordPress site refused Postwright's request${message ? ` (${message})` : ""}. Connect the site again from the Postwright page in WordPress.`,
        { transient: false },
      );
    }
    const transient = response.status === 429 || response.status >= 500;
    const retryAfter = Number(response.headers.get("retry-after"));
    throw new PublishError(
      message
        ? `${LABEL} answered: ${message}`
        : `${LABEL} answered with an error (${response.status}). Please try again.`,
      { transient, retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined },
    );
  }

  return {
    platform: "wordpress",
    // The site's WooCommerce products, read from its public Store API (the plugin's routes are not needed for them).
    ...woocommerceMethods(createPublicStoreApi(site.restUrl, options.fetch)),
    async publish(post: PublishablePost): Promise<PublishResult> {
      const request: ServicePublishRequest = {
        publicationKey: publicationKeyOf(post),
        title: post.title,
        html: absoluteImageSources(post.html, options.publicUrl),
        slug: post.slug ?? post.handle,
        seoTitle: post.seoTitle ?? post.title,
        metaDescription: post.metaDescription ?? "",
        focusKeyphrase: post.focusKeyphrase ?? post.keywords[0] ?? "",
        status: "publish",
        images: post.images.map((image) => ({ url: absolute(image.url, options.publicUrl), alt: image.altText })),
        tags: post.keywords,
      };
      const parsed = servicePublishResponseSchema.safeParse(await send("service/publish", request));
      if (!parsed.success) {
        throw new PublishError(`${LABEL} answered, but not as the Postwright plugin does. Please try again.`, {
          transient: true,
        });
      }
      return { remoteId: String(parsed.data.postId), remoteUrl: parsed.data.link || null };
    },
    async ping() {
      const parsed = servicePingResponseSchema.safeParse(await send("service/ping", {}));
      if (!parsed.success) {
        throw new PublishError("The site answered, but not as the Postwright plugin does.", { transient: false });
      }
      return { version: parsed.data.version };
    },
  };
}

function absolute(url: string, base: string): string {
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}

/** Uploaded images are referenced as /uploads/...: the plugin sideloads them, so it needs this service's address. */
function absoluteImageSources(html: string, base: string): string {
  return html.replace(
    /(<img\b[^>]*?\ssrc=")(\/[^"]*)"/gi,
    (_m, start: string, path: string) => `${start}${absolute(path, base)}"`,
  );
}

export function readMessage(data: unknown): string | undefined {
  if (data && typeof data === "object" && "message" in data && typeof data.message === "string") {
    return data.message.slice(0, 300);
  }
  return undefined;
}

export function readCode(data: unknown): string | undefined {
  if (data && typeof data === "object" && "code" in data && typeof data.code === "string") return data.code;
  return undefined;
}
