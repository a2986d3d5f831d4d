// Search Console on "Your posts": connecting a Google account (OAuth 2.0, read-only), choosing the property read for
// the site, and the ideas its queries give (queries people search for that no post of the site answers). Each of the
// member's sites has a Search Console connection of its own; `platform` names the site in question (the member's
// site on that platform; without it, the first connected: the store, then the WordPress site, as "Your posts").
//   POST   /api/search-console/connect           { platform? } -> { authorizeUrl }
//   GET    /api/search-console/callback          Google's redirect (code, state | error) -> 303 to /your-posts
//   GET    /api/search-console?platform=         -> SearchConsoleStatus
//   PUT    /api/search-console/property          { siteUrl, platform? } -> SearchConsoleStatus
//   DELETE /api/search-console?platform=         -> SearchConsoleStatus (disconnected)
//   GET    /api/search-console/ideas?platform=   -> { ideas }
import { z } from "zod";

export const SEARCH_CONSOLE_SCOPE = "https://www.googleapis.com/auth/webmasters.readonly";

const platformSchema = z.enum(["shopify", "wordpress"], { message: "platform must be shopify or wordpress." });

export const searchConsoleConnectSchema = z.object({ platform: platformSchema.optional() });
export type SearchConsoleConnect = z.infer<typeof searchConsoleConnectSchema>;

/** The site in question of a member's request: their site on this platform (else the first connected). */
export const searchConsoleSiteQuerySchema = z.object({ platform: platformSchema.optional() });

export const searchConsoleAuthorizeUrlSchema = z.object({ authorizeUrl: z.string() });

/** What Google sends the browser back with: code and state, or error (access_denied) and state. */
export const searchConsoleCallbackSchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
  scope: z.string().max(2000).optional(),
});
export type SearchConsoleCallback = z.infer<typeof searchConsoleCallbackSchema>;

export const searchConsolePropertySchema = z.object({
  siteUrl: z.string(),
  permissionLevel: z.string(),
});
export type SearchConsoleProperty = z.infer<typeof searchConsolePropertySchema>;

export const searchConsoleChoosePropertySchema = z.object({
  siteUrl: z.string({ message: "Choose one of your Search Console properties." }).min(1).max(2048),
});

/** A member choosing the property: also which of their sites it is for (the plugin's site is always its own). */
export const memberSearchConsoleChoosePropertySchema = searchConsoleChoosePropertySchema.extend({
  platform: platformSchema.optional(),
});

export const searchConsoleStatusSchema = z.object({
  /** False when this server has no Google OAuth client (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET). */
  configured: z.boolean(),
  /** null when Search Console is not connected for the site in question. */
  connection: z
    .object({
      /**
       * connected; reconnect: Google refused the tokens (access removed, or expired), so the owner connects again; off:
       * the site is turned off in the owner's account, so its figures are not read until it is turned on again.
       */
      state: z.enum(["connected", "reconnect", "off"]),
      /** The site the connection is for, whose posts the figures are joined to. */
      platform: z.enum(["shopify", "wordpress"]),
      connectionId: z.number().int(),
      /** The property read, or null while the owner has to choose one. */
      property: z.string().nullable(),
      /** Every property the Google account can read. */
      properties: z.array(searchConsolePropertySchema),
      /** The reading job: queued, reading, ready or failed. */
      reading: z.enum(["queued", "reading", "ready", "failed"]).nullable(),
      /** When the figures were last read (ISO 8601). */
      readAt: z.string().nullable(),
      /** Why the last read failed, or why to reconnect, in words; null otherwise. */
      error: z.string().nullable(),
    })
    .nullable(),
});
export type SearchConsoleStatus = z.infer<typeof searchConsoleStatusSchema>;

export const searchConsoleIdeaSchema = z.object({
  /** The query people searched for. */
  query: z.string(),
  /** A title to write, and its keywords, ready for a content plan. */
  title: z.string(),
  keywords: z.array(z.string()),
  /** The last 28 days. */
  clicks: z.number().int(),
  impressions: z.number().int(),
  position: z.number().nullable(),
  /** The 28 days before. */
  previousImpressions: z.number().int(),
  /** The figures in words, for a plan title's notes. */
  notes: z.string(),
});
export type SearchConsoleIdea = z.infer<typeof searchConsoleIdeaSchema>;

export const searchConsoleIdeasSchema = z.object({ ideas: z.array(searchConsoleIdeaSchema) });
export type SearchConsoleIdeas = z.infer<typeof searchConsoleIdeasSchema>;

/**
 * The WordPress plugin's "Connect Search Console": where Google's answer sends the browser back, the plugin's admin
 * page on the site's own origin (the site itself is the one whose credential calls).
 */
export const pluginSearchConsoleConnectSchema = z
  .object({
    returnUrl: z
      .string({ message: "returnUrl must be the address of the plugin's page." })
      .max(2048, "returnUrl must be at most 2,048 characters.")
      .regex(/^https?:\/\//i, "returnUrl must be an http or https address."),
  })
  .strict();
