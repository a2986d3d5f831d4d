// "Your posts": every published post of a connected site (WordPress posts, Shopify articles, whoever wrote them),
// analysed, sorted by opportunity (core/src/site-posts/opportunity.ts):
//   GET /api/site-posts?platform=&page=&pageSize=   -> SitePostsPage (the owner's site on that platform, else the first)
//   GET /api/v1/site-posts?page=&pageSize=          -> SitePostsPage (the plugin's own site)
import { z } from "zod";

export const sitePostsStateValues = ["queued", "analysing", "ready", "failed"] as const;

export const SITE_POSTS_PAGE_SIZE = 25;
export const SITE_POSTS_PAGE_MAX = 100;

const pageMessage = "page must be a whole number from 1.";
const pageSizeMessage = `pageSize must be a whole number from 1 to ${SITE_POSTS_PAGE_MAX}.`;

export const sitePostsPageQuerySchema = z.object({
  page: z.coerce
    .number({ message: pageMessage })
    .int(pageMessage)
    .min(1, pageMessage)
    .max(100_000, pageMessage)
    .default(1),
  pageSize: z.coerce
    .number({ message: pageSizeMessage })
    .int(pageSizeMessage)
    .min(1, pageSizeMessage)
    .max(SITE_POSTS_PAGE_MAX, pageSizeMessage)
    .default(SITE_POSTS_PAGE_SIZE),
});

export const sitePostsQuerySchema = sitePostsPageQuerySchema.extend({
  platform: z.enum(["shopify", "wordpress"], { message: "platform must be shopify or wordpress." }).optional(),
});
export type SitePostsQuery = z.input<typeof sitePostsQuerySchema>;

export const sitePostsStatusSchema = z.object({
  platform: z.enum(["shopify", "wordpress"]),
  connectionId: z.number().int(),
  siteName: z.string(),
  siteUrl: z.string(),
  /** queued (waiting for an analyser), analysing, ready, or failed (see error; tried again by itself). */
  state: z.enum(sitePostsStateValues),
  /** Posts read so far by the analysis in progress (or the last one). */
  postsRead: z.number().int(),
  /** Posts stored by the last complete analysis. */
  postsAnalysed: z.number().int(),
  /** When the last complete analysis finished (ISO 8601), or null before the first. */
  analysedAt: z.string().nullable(),
  /** Why the last analysis failed, written for the owner; null when it did not. */
  error: z.string().nullable(),
});
export type SitePostsStatus = z.infer<typeof sitePostsStatusSchema>;

export const sitePostCheckSchema = z.object({ id: z.string(), label: z.string(), message: z.string() });

export const sitePostSearchSchema = z.object({
  /** The last 28 days. */
  clicks: z.number().int().nullable(),
  impressions: z.number().int().nullable(),
  position: z.number().nullable(),
  /** The 28 days before. */
  previousClicks: z.number().int().nullable(),
  previousImpressions: z.number().int().nullable(),
  previousPosition: z.number().nullable(),
});

export const sitePostViewSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  title: z.string(),
  publishedAt: z.string().nullable(),
  modifiedAt: z.string().nullable(),
  /** Days since it was last changed (else published); null when the site gave no date. */
  ageDays: z.number().int().nullable(),
  words: z.number().int(),
  /** 0..100 */
  score: z.number().int(),
  /** The failed checks, each with what to do, in words. */
  failingChecks: z.array(sitePostCheckSchema),
  keyphrase: z.string(),
  /** yoast or rankmath: the site's SEO plugin's; title: derived from the title. */
  keyphraseSource: z.enum(["yoast", "rankmath", "title"]),
  /** Distinct pages of the site this post links to. */
  linksOut: z.number().int(),
  /** Other posts of the site linking to it. */
  linksIn: z.number().int(),
  /** Search Console's figures, or null until Search Console is connected. */
  search: sitePostSearchSchema.nullable(),
  /** Losing clicks or impressions in search against the 28 days before: worth refreshing first. */
  refreshCandidate: z.boolean(),
  /** Why, in words ("Clicks down 42% (120 → 70) over 28 days"); null when it is not a candidate. */
  refreshReason: z.string().nullable(),
  /** Higher first. */
  opportunity: z.number(),
});
export type SitePostView = z.infer<typeof sitePostViewSchema>;

export const sitePostsPageSchema = z.object({
  /** The site analysed, or null when the owner has no site connected (on that platform). */
  site: sitePostsStatusSchema.nullable(),
  posts: z.array(sitePostViewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type SitePostsPage = z.infer<typeof sitePostsPageSchema>;
