// The Postwright plugin's side of the API: connecting a site (the approval screen and the code exchange), the
// versioned API the plugin calls with its site credential (/api/v1), and the signed requests the service sends to
// the plugin to publish. Request and response schemas both live here: the server parses with them, and
// /api/v1/openapi.json is generated from them (api-v1-openapi.ts).
import { z } from "zod";
import { planNames } from "./billing.ts";
import type { BlogPostView, OptimizeTitleResponse, SeoCheckResult } from "./blog.ts";
import { postStatuses, productCardSchema, writtenPartSchema } from "./blog.ts";
import { factsPolicies, productFactsReportSchema } from "./facts.ts";
import { voiceMatchSchema } from "./voice.ts";

const urlText = (message: string) => z.string({ error: message }).trim().min(1, message).max(2000, message);

/** What the plugin's "Connect to Postwright" link carries, posted back by the approval screen. */
export const wordpressConnectApprovalSchema = z.object({
  siteUrl: urlText("The WordPress site's address is missing. Start again from the Postwright page in WordPress."),
  restUrl: urlText(
    "The WordPress site's REST API address is missing. Start again from the Postwright page in WordPress.",
  ),
  state: z
    .string({ error: "The connection request is incomplete. Start again from the Postwright page in WordPress." })
    .regex(
      /^[A-Za-z0-9_-]{16,200}$/,
      "The connection request is incomplete. Start again from the Postwright page in WordPress.",
    ),
  returnUrl: urlText("The address to return to is missing. Start again from the Postwright page in WordPress."),
});
export type WordpressConnectApproval = z.infer<typeof wordpressConnectApprovalSchema>;

export const wordpressConnectApprovalResponseSchema = z.object({ redirectUrl: z.string() });
export type WordpressConnectApprovalResponse = z.infer<typeof wordpressConnectApprovalResponseSchema>;

/** The approval screen's question before approving (GET /api/connect/wordpress/preview): the approval's addresses. */
export const wordpressConnectPreviewSchema = wordpressConnectApprovalSchema.omit({ state: true });
export type WordpressConnectPreview = z.infer<typeof wordpressConnectPreviewSchema>;

export const wordpressConnectPreviewResponseSchema = z.object({
  /** The site asking, its address as it will be saved, and the checked address on it to return to. */
  site: z.object({ siteUrl: z.string(), host: z.string(), returnUrl: z.string() }),
  /** The same site connected again: it gets a new credential and keeps everything it had. */
  reconnects: z.boolean(),
  /** On a plan with one site, the connected site this one turns off (it keeps its plans, paused). */
  replaces: z.object({ siteUrl: z.string(), host: z.string(), siteName: z.string() }).nullable(),
});
export type WordpressConnectPreviewResponse = z.infer<typeof wordpressConnectPreviewResponseSchema>;

export const connectExchangeSchema = z.object({
  code: z
    .string({ error: "The connection code is missing." })
    .trim()
    .min(1, "The connection code is missing.")
    .max(200),
  siteUrl: urlText("The site's address is missing."),
  /** The site's title (WordPress's "Site Title"), shown wherever the site is named; its host when absent or empty. */
  siteName: z.string().max(2000).optional(),
});
export type ConnectExchangeInput = z.infer<typeof connectExchangeSchema>;

export const connectExchangeResponseSchema = z.object({
  siteId: z.string(),
  /** The site credential: sent as "Authorization: Bearer <credential>" on every /api/v1 call. */
  credential: z.string(),
  /** 64 hex characters: the key of the HMAC-SHA256 signatures on the service's requests to the plugin. */
  signingSecret: z.string(),
  account: z.object({ email: z.string(), plan: z.enum(planNames) }),
});
export type ConnectExchangeResponse = z.infer<typeof connectExchangeResponseSchema>;

/**
 * Every error answer: { message } a person can act on, a machine-readable code on some, and the error's details (e.g.
 * a used-up quota's blogPostLimit and resetsAt, needsUpgrade), so other properties are allowed.
 */
export const apiErrorSchema = z.looseObject({
  message: z.string(),
  /** site_disconnected (401), quota_reached (402), model_unavailable (503), rate_limited (429). */
  code: z.string().optional(),
  upgradeUrl: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** 400: the request's input is wrong; `issues` names each field (dot path) and what to fix, when a body was parsed. */
export const badRequestErrorSchema = apiErrorSchema.extend({
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** 422: a CSV file refused as a whole, each bad row with its line (1 is the header) and reason. */
export const csvRejectedErrorSchema = apiErrorSchema.extend({
  problems: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});

export const siteResponseSchema = z.object({
  /** name: the site's title as the plugin sent it when connecting, or its host when none is known. */
  site: z.object({ id: z.string(), name: z.string(), siteUrl: z.string(), connectedAt: z.string() }),
  account: z.object({
    email: z.string(),
    plan: z.object({ id: z.enum(planNames), name: z.string() }),
    /** postsLimit and postsLeft are -1 when the plan is unlimited. */
    usage: z.object({ postsUsed: z.number().int(), postsLimit: z.number().int(), postsLeft: z.number().int() }),
    canSchedule: z.boolean(),
  }),
  upgradeUrl: z.string(),
});
export type SiteResponse = z.infer<typeof siteResponseSchema>;

export const optimizeTitleResponseSchema = z.object({
  optimizedTitle: z.string(),
  titleVariations: z.array(z.string()),
  seoScore: z.number(),
  metaDescription: z.string(),
}) satisfies z.ZodType<OptimizeTitleResponse>;

export const seoCheckResultSchema = z.object({
  id: z.string(),
  label: z.string(),
  status: z.enum(["pass", "warn", "fail"]),
  /** Why the check passed or what to change. */
  message: z.string(),
}) satisfies z.ZodType<SeoCheckResult>;

const nullableString = z.string().nullable();

export const blogPostViewSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  htmlContent: z.string(),
  content: z.string(),
  metaDescription: nullableString,
  seoTitle: nullableString,
  slug: nullableString,
  focusKeyphrase: z.string(),
  keywords: z.array(z.string()),
  seoInstructions: nullableString,
  companyName: nullableString,
  links: z.array(z.object({ url: z.string(), description: z.string() })),
  images: z.array(
    z.object({
      url: z.string(),
      altText: z.string(),
      originalName: z.string().optional(),
      size: z.number().optional(),
    }),
  ),
  status: z.enum(postStatuses),
  wordCount: z.number().int(),
  readingTime: z.number().int(),
  seoScore: z.number(),
  seoChecks: z.array(seoCheckResultSchema),
  generator: nullableString,
  isScheduled: z.boolean(),
  scheduledPublishDate: nullableString,
  scheduledPlatforms: z.array(z.enum(["shopify", "wordpress"])),
  shopifyArticleId: nullableString,
  wordpressPostId: nullableString,
  publications: z.array(
    z.object({
      platform: z.enum(["shopify", "wordpress"]),
      status: z.string(),
      remoteUrl: nullableString,
      lastError: nullableString,
      publishedAt: nullableString,
    }),
  ),
  lastError: nullableString,
  productFacts: productFactsReportSchema.nullable(),
  factsPolicy: z.enum(factsPolicies),
  showProductCards: z.boolean(),
  productCards: z.array(productCardSchema),
  voiceMatch: voiceMatchSchema.nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<BlogPostView>;

export const generationStages = ["queued", "planning", "writing", "reviewing", "done", "failed"] as const;
export type GenerationJobStage = (typeof generationStages)[number];

export const generationAcceptedSchema = z.object({ id: z.string(), stage: z.enum(generationStages) });
export type GenerationAccepted = z.infer<typeof generationAcceptedSchema>;

export const generationStatusSchema = z.object({
  id: z.string(),
  stage: z.enum(generationStages),
  /**
   * While the post is being written: its parts written so far, in reading order (index 0 the introduction, then the
   * H2 sections, the conclusion last; html sanitised). Parts may be missing in between, as they finish in any order;
   * total says how many there will be once the outline is known. Absent once done or failed.
   */
  parts: z.array(writtenPartSchema).optional(),
  /** Once done: the post, with its HTML, meta description and SEO analysis. */
  post: blogPostViewSchema.optional(),
  /** Once failed: what went wrong, with the HTTP status the same failure has on a direct call. */
  error: z.object({ status: z.number().int(), message: z.string() }).optional(),
});
export type GenerationStatus = z.infer<typeof generationStatusSchema>;

export const seoAnalyzeSchema = z.object({
  title: z.string({ error: "Title is required" }).max(300, "Title must be at most 300 characters"),
  content: z.string({ error: "Content is required" }).max(500_000, "Content is too long"),
  keywords: z
    .array(z.string().trim().max(100, "Each keyword must be at most 100 characters"))
    .max(20, "Use at most 20 keywords"),
  metaDescription: z.string().max(1000).optional(),
  seoTitle: z.string().max(300).optional(),
  slug: z.string().max(300).optional(),
  focusKeyphrase: z.string().max(200).optional(),
});
export type SeoAnalyzeInput = z.infer<typeof seoAnalyzeSchema>;

export const seoAnalysisSchema = z.object({
  score: z.number(),
  checks: z.array(seoCheckResultSchema),
  wordCount: z.number().int(),
  readingTime: z.number().int(),
});
export type SeoAnalysis = z.infer<typeof seoAnalysisSchema>;

export const wordpressPublicationSchema = z.object({
  wpPostId: z.number({ error: "wpPostId must be the WordPress post's id" }).int().positive(),
  link: z
    .string()
    .trim()
    .max(2000)
    .pipe(z.url({ protocol: /^https?$/, error: "link must be the post's address" })),
  status: z.enum(["draft", "publish", "future"], { error: "status must be draft, publish or future" }),
  date: z.iso.datetime({ offset: true, error: "date must be an ISO 8601 date and time" }).optional(),
});
export type WordpressPublicationInput = z.infer<typeof wordpressPublicationSchema>;

/**
 * The plugin's POST /api/v1/posts/:id/schedule: the instant to publish the post on this site (the plugin turns the
 * wall-clock chosen in the site's time zone into it). The service's scheduler publishes it through the plugin then.
 */
export const pluginScheduleSchema = z.object({
  scheduledDate: z.iso.datetime({ offset: true, error: "Choose a valid date and time" }),
});
export type PluginScheduleInput = z.infer<typeof pluginScheduleSchema>;

/** The body of the service's signed POST <restUrl>postwright/v1/service/publish. */
export const servicePublishRequestSchema = z.object({
  /** Idempotency key: a request with a key the site already has updates that post. */
  publicationKey: z.string(),
  title: z.string(),
  html: z.string(),
  slug: z.string(),
  seoTitle: z.string(),
  metaDescription: z.string(),
  focusKeyphrase: z.string(),
  status: z.enum(["publish", "future", "draft"]),
  date: z.string().optional(),
  images: z.array(z.object({ url: z.string(), alt: z.string() })),
  categories: z.array(z.string()).optional(),
  tags: z.array(z.string()).optional(),
});
export type ServicePublishRequest = z.infer<typeof servicePublishRequestSchema>;

export const servicePublishResponseSchema = z.object({
  postId: z.number().int(),
  link: z.string(),
  status: z.string(),
});
export type ServicePublishResponse = z.infer<typeof servicePublishResponseSchema>;

export const servicePingResponseSchema = z.object({ ok: z.literal(true), version: z.string() });
