import { z } from "zod";
import { emailSchema, passwordSchema } from "./auth.ts";

// The account's own settings, signed in (password, email, sessions, deletion, data export) and the forgotten-password
// flow, signed out. Routes: see the README's "Account API" section.

const currentPassword = z.string().min(1, "Please enter your current password");
const oneTimeCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "The code must be 6 digits");

/** POST /api/account/password */
export const changePasswordSchema = z.object({
  currentPassword,
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** POST /api/auth/forgot-password */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** POST /api/auth/reset-password */
export const resetPasswordSchema = z.object({
  email: emailSchema,
  code: oneTimeCode,
  password: passwordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** POST /api/account/email */
export const requestEmailChangeSchema = z.object({
  currentPassword,
  newEmail: emailSchema,
});
export type RequestEmailChangeInput = z.infer<typeof requestEmailChangeSchema>;

/** POST /api/account/email/confirm */
export const confirmEmailChangeSchema = z.object({ code: oneTimeCode });
export type ConfirmEmailChangeInput = z.infer<typeof confirmEmailChangeSchema>;

/** DELETE /api/account/sessions/:id takes the id in the path. */
export const sessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, "Unknown session");

/** POST /api/account/delete */
export const deleteAccountSchema = z.object({ password: currentPassword });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** A message for the user, the answer of most account actions. */
export const accountMessageSchema = z.object({ message: z.string() });
export type AccountMessage = z.infer<typeof accountMessageSchema>;

/** One sign-in as GET /api/account/sessions lists it. `id` is not the session's secret, only a name for it. */
export const sessionViewSchema = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  /** When it ends at the latest, used or not. */
  expiresAt: z.iso.datetime(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

/** The answer of POST /api/account/email: where the code went. */
export const emailChangeRequestedSchema = accountMessageSchema.extend({ newEmail: z.string() });
export type EmailChangeRequested = z.infer<typeof emailChangeRequestedSchema>;

/** GET /api/account/export: the account's data, without secrets (no password hash, tokens or billing ids). */
export const accountExportSchema = z.object({
  exportedAt: z.iso.datetime(),
  account: z.object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    createdAt: z.iso.datetime(),
    subscriptionPlan: z.string(),
    subscriptionStatus: z.string(),
    subscriptionEndDate: z.iso.datetime().nullable(),
  }),
  usage: z.array(z.object({ monthYear: z.string(), blogPostsGenerated: z.number(), blogPostsPublished: z.number() })),
  posts: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      status: z.string(),
      metaDescription: z.string().nullable(),
      keywords: z.array(z.string()),
      htmlContent: z.string(),
      wordCount: z.number(),
      seoScore: z.number(),
      images: z.unknown(),
      links: z.unknown(),
      createdAt: z.iso.datetime(),
      updatedAt: z.iso.datetime(),
      scheduledPublishDate: z.iso.datetime().nullable(),
    }),
  ),
  connections: z.object({
    shopify: z.array(
      z.object({ storeName: z.string(), storeUrl: z.string(), blogId: z.string(), createdAt: z.iso.datetime() }),
    ),
    wordpress: z.array(
      z.object({ siteName: z.string(), siteUrl: z.string(), username: z.string(), createdAt: z.iso.datetime() }),
    ),
  }),
  sessions: z.array(sessionViewSchema.omit({ current: true, id: true })),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** Whether the runtime knows the IANA time zone (the browser and the server read the same database of zones). */
export function isKnownTimeZone(zone: string): boolean {
  if (!zone.trim()) return false;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** What a time zone that does not exist gets, wherever one is asked for (account, plan cadence, plan forms). */
export const TIME_ZONE_MESSAGE = "Choose a time zone from the list, such as Europe/Paris.";

/** A time zone as a person types it: trimmed, then one the runtime knows. */
export const timeZoneSchema = z
  .string({ message: TIME_ZONE_MESSAGE })
  .trim()
  .max(100, TIME_ZONE_MESSAGE)
  .refine(isKnownTimeZone, TIME_ZONE_MESSAGE);

/** PUT /api/account/time-zone: the owner's time zone, which new content plans start from. */
export const accountTimeZoneSchema = z.object({ timeZone: timeZoneSchema });
export type AccountTimeZoneInput = z.infer<typeof accountTimeZoneSchema>;

/** The answer of PUT /api/account/time-zone: the zone saved, and a message saying so. */
export const accountTimeZoneAnswerSchema = z.object({ timeZone: z.string(), message: z.string() });
