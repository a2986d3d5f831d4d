// The index of the owner's connected sites (the pages their posts may link to), as the surfaces show it:
//   GET  /api/site-index          -> { sites: SiteIndexStatus[] }
//   POST /api/site-index/refresh  -> { sites: SiteIndexStatus[] }   (queues a fresh read of every connected site)
import { z } from "zod";

export const siteIndexStateValues = ["queued", "reading", "ready", "failed"] as const;

export const siteIndexStatusSchema = z.object({
  platform: z.enum(["shopify", "wordpress"]),
  connectionId: z.number().int(),
  /** The store's or site's name and address, as connected. */
  siteName: z.string(),
  siteUrl: z.string(),
  /** queued (waiting for a reader), reading, ready, or failed (see error; tried again by itself). */
  state: z.enum(siteIndexStateValues),
  /** Pages read so far by the read in progress (or the last one). */
  pagesRead: z.number().int(),
  /** Pages posts can link to now. */
  pagesIndexed: z.number().int(),
  /** When the last complete read finished (ISO 8601), or null before the first one. */
  indexedAt: z.string().nullable(),
  /** Why the last read failed, written for the owner; null when it did not. */
  error: z.string().nullable(),
  /** Whether asking for a new read now makes sense (not already queued or being read). */
  canRetry: z.boolean(),
  /**
   * The read in progress only checks what changed on a site that already has an index (every few minutes, about a
   * second): the index stays as it is meanwhile, so it is described as indexed, not as being read.
   */
  checkingForChanges: z.boolean(),
});

export type SiteIndexStatus = z.infer<typeof siteIndexStatusSchema>;

export const siteIndexResponseSchema = z.object({ sites: z.array(siteIndexStatusSchema) });
export type SiteIndexResponse = z.infer<typeof siteIndexResponseSchema>;

/** What a surface shows of one site's index, in the same words everywhere. */
export interface SiteIndexWords {
  /** The state in a sentence ("Reading your store: 1,240 pages so far", "2,310 pages indexed 5 minutes ago"). */
  headline: string;
  /** Why a read failed, for the owner (null unless it failed with a reason). */
  detail: string | null;
  /** The label of the button that asks for a new read, or null when none is offered now. */
  action: "Retry" | "Read pages again" | null;
  /** How a surface colours it: busy (queued or reading), ready, or failed. */
  tone: "busy" | "ready" | "failed";
}

const pageCount = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "page" : "pages"}`;

/** "5 minutes ago", "yesterday": how long before `now` the instant `iso` was, in words. */
export function siteIndexTimeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ["day", 86_400],
    ["hour", 3_600],
    ["minute", 60],
  ];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return "just now";
}

/**
 * The index's state for people, as the site, the Shopify app and the WordPress plugin all show it: a Shopify
 * connection is "your store", a WordPress one "your site".
 */
export function describeSiteIndexStatus(site: SiteIndexStatus, now: number = Date.now()): SiteIndexWords {
  const what = site.platform === "shopify" ? "store" : "site";
  const action = site.canRetry ? (site.state === "failed" ? "Retry" : "Read pages again") : null;
  switch (site.state) {
    case "queued":
      return {
        headline:
          site.pagesIndexed > 0
            ? `${pageCount(site.pagesIndexed)} indexed; reading your ${what} again shortly`
            : `Reading your ${what}'s pages shortly`,
        detail: null,
        action,
        tone: "busy",
      };
    case "reading":
      if (site.checkingForChanges && site.indexedAt) {
        return {
          headline: `${pageCount(site.pagesIndexed)} indexed ${siteIndexTimeAgo(site.indexedAt, now)}; checking for changes`,
          detail: null,
          action,
          tone: "busy",
        };
      }
      return {
        headline: `Reading your ${what}: ${pageCount(site.pagesRead)} so far`,
        detail: null,
        action,
        tone: "busy",
      };
    case "ready":
      return {
        headline:
          `${pageCount(site.pagesIndexed)} indexed ${site.indexedAt ? siteIndexTimeAgo(site.indexedAt, now) : ""}`.trim(),
        detail: null,
        action,
        tone: "ready",
      };
    case "failed":
      return { headline: `Your ${what}'s pages could not be read`, detail: site.error, action, tone: "failed" };
  }
}

export const siteIndexWordsSchema = z.object({
  headline: z.string(),
  detail: z.string().nullable(),
  action: z.enum(["Retry", "Read pages again"]).nullable(),
  tone: z.enum(["busy", "ready", "failed"]),
});

/**
 * The plugin API's answer about the site's own index (GET /api/v1/site-index, POST /api/v1/site-index/refresh): its
 * state and the words to show (null when the site's connection is turned off on the service).
 */
export const pluginSiteIndexResponseSchema = z.object({
  site: siteIndexStatusSchema.nullable(),
  words: siteIndexWordsSchema.nullable(),
});
export type PluginSiteIndexResponse = z.infer<typeof pluginSiteIndexResponseSchema>;

/**
 * What the plugin tells the service when posts, pages or categories change (POST /api/v1/site-index/changes), at most
 * once per WordPress request. Trusted as this site's word, since the site credential authenticates it: an address
 * outside the site is ignored. `changedAt` is when the site saw the change (an older one than the change applied to
 * the same item is ignored).
 */
export const siteIndexChangesSchema = z.object({
  changes: z
    .array(
      z.object({
        kind: z.enum(["post", "page", "category"]),
        id: z.number().int().positive(),
        changedAt: z.iso.datetime({ offset: true, error: "changedAt must be an ISO 8601 date and time." }),
        /** linkable: published (or a category with posts); hidden: not linkable any more; deleted: gone for good. */
        status: z.enum(["linkable", "hidden", "deleted"]),
        /** The item's address (when published); for a hidden or deleted item, the one it had. */
        url: z.url().max(2000).nullable().optional(),
        title: z.string().max(300).nullable().optional(),
      }),
    )
    .min(1, "Send at least one change.")
    .max(200, "Send at most 200 changes at a time."),
});
export type SiteIndexChanges = z.infer<typeof siteIndexChangesSchema>;

export const siteIndexChangesResponseSchema = z.object({
  /** Changes now in the index. */
  applied: z.number().int(),
  /** Changes older than the one applied to their item, of a removed item, or outside the site. */
  ignored: z.number().int(),
});
export type SiteIndexChangesResponse = z.infer<typeof siteIndexChangesResponseSchema>;
