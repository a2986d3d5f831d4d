// A refresh of one of "Your posts" (core/src/refresh): the writer proposes an update section by section, the owner
// takes all of it or chosen items, and only publishing changes the post on the site, in place.
//   POST /api/refreshes                      { sitePostId }  -> RefreshView (the proposal)
//   GET  /api/refreshes/:id                                  -> RefreshView
//   POST /api/refreshes/:id/preview          { itemIds }     -> RefreshScores (the merged post scored, nothing sent)
//   POST /api/refreshes/:id/publish          { itemIds }     -> RefreshView (published in place)
//   POST /api/refreshes/:id/restore                          -> RefreshView (the previous version back)
import { z } from "zod";

export const refreshItemKindValues = [
  "title",
  "seoTitle",
  "metaDescription",
  "introduction",
  "section",
  "conclusion",
  "image",
] as const;
export type RefreshItemKind = (typeof refreshItemKindValues)[number];

export const refreshItemSchema = z.object({
  /**
   * Stable within its proposal: "title", "seo-title", "meta-description", "part-0", "part-3", "new-1"..., "image" (an
   * image for a post without one, placed after the introduction, or alt text for one of its images: before and after
   * are then the image's HTML).
   */
  id: z.string(),
  kind: z.enum(refreshItemKindValues),
  /**
   * What the owner reads: "Title", "Introduction", "Section: How to brew", "New section: Cold brew in 2026", "Image:
   * Burr grinder" (an image from the page named), "Image alt text".
   */
  label: z.string(),
  /** The item as it is on the site (HTML for the body's parts, text otherwise; "" for a new section). */
  before: z.string(),
  /** The item as proposed. */
  after: z.string(),
  /** Why it changes, in words, one reason a line. */
  why: z.array(z.string()),
});
export type RefreshItem = z.infer<typeof refreshItemSchema>;

export const refreshCheckSchema = z.object({
  id: z.string(),
  label: z.string(),
  status: z.enum(["pass", "warn", "fail"]),
  message: z.string(),
});

export const refreshScoreSchema = z.object({
  /** 0..100, the same SEO checks as Your posts and generated posts. */
  score: z.number().int(),
  words: z.number().int(),
  checks: z.array(refreshCheckSchema),
});
export type RefreshScore = z.infer<typeof refreshScoreSchema>;

export const refreshScoresSchema = z.object({
  /** The post as it is on the site. */
  before: refreshScoreSchema,
  /** With every item of the proposal. */
  proposed: refreshScoreSchema,
  /** With the items chosen (every item until the owner chooses; the published ones once published). */
  chosen: refreshScoreSchema,
  chosenItemIds: z.array(z.string()),
});
export type RefreshScores = z.infer<typeof refreshScoresSchema>;

export const refreshStateValues = ["proposed", "published", "restored"] as const;

export const refreshViewSchema = z.object({
  id: z.number().int(),
  platform: z.enum(["shopify", "wordpress"]),
  /** The post's public address, the same before and after. */
  url: z.string(),
  title: z.string(),
  keyphrase: z.string(),
  /** "offline" (the rules of the offline writer) or "ai:<model>". */
  generator: z.string(),
  /** proposed (nothing changed on the site), published (in place), restored (the previous version put back). */
  state: z.enum(refreshStateValues),
  items: z.array(refreshItemSchema),
  scores: refreshScoresSchema,
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  restoredAt: z.string().nullable(),
  /** True once published and until restored: "Restore previous version" puts the post back as it was. */
  canRestore: z.boolean(),
});
export type RefreshView = z.infer<typeof refreshViewSchema>;

export const proposeRefreshSchema = z.object({
  sitePostId: z.number({ message: "sitePostId must be the id of one of Your posts." }).int().positive(),
});
export type ProposeRefreshInput = z.infer<typeof proposeRefreshSchema>;

export const refreshItemIdsSchema = z.object({
  /** The items to take; at least one. */
  itemIds: z
    .array(z.string().max(40))
    .min(1, "Choose at least one change to take.")
    .max(200, "Choose at most 200 changes."),
});
export type RefreshItemIdsInput = z.infer<typeof refreshItemIdsSchema>;

export const refreshIdParamsSchema = z.object({
  id: z.coerce.number({ message: "The refresh id must be a number." }).int().positive(),
});
