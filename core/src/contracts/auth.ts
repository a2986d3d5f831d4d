import { z } from "zod";

// Messages are the product's own words (specification section 5); client forms and the API show the same ones.

export const passwordSchema = z
  .string()
  .min(6, "Password must be at least 6 characters long")
  .max(200, "Password must be at most 200 characters long")
  .regex(/[a-z]/, "Password must contain at least one lowercase letter")
  .regex(/[A-Z]/, "Password must contain at least one uppercase letter")
  .regex(/\d/, "Password must contain at least one number")
  .regex(/[@$!%*?&]/, "Password must contain at least one special character (@$!%*?&)");

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("Invalid email address").max(255, "Email must be at most 255 characters"));

/** What a name in an email must not carry: markup, addresses, links (a stranger's registration mails whoever it names). */
const LINK_OR_MARKUP = /[<>@/\\:{}[\]]|www\.|https?|\.[a-z]{2,}(?:\s|$)/i;

const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(255, `${label} must be at most 255 characters`)
    .refine((value) => !LINK_OR_MARKUP.test(value), `${label} cannot contain links, email addresses or the characters < > / \\ : @ { } [ ]`);

export const registerSchema = z.object({
  firstName: name("First name"),
  lastName: name("Last name"),
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "Password is required"),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const verifyEmailSchema = z.object({
  email: emailSchema,
  code: z.string().trim().regex(/^\d{6}$/, "Verification code must be 6 digits"),
  /**
   * The browser's IANA time zone, which the new account starts with (an unknown zone is ignored: the account then
   * starts on UTC). The owner changes it on the account page.
   */
  timeZone: z.string().max(100).optional(),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

export const resendVerificationSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Email required: Please enter your email address first.")
    .toLowerCase()
    .pipe(z.email("Invalid email address")),
});

/** POST /api/auth/register and /api/auth/resend-verification: where the code went. */
export const registerResponseSchema = z.object({
  email: z.string(),
  message: z.string(),
  /** Whether the code went out by email (false in development mail mode: no SMTP_URL, the code is on the page). */
  emailDelivered: z.boolean(),
  /** Only in development mail mode (no SMTP configured): the code that would have been emailed. */
  developmentCode: z.string().optional(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** `GET /api/auth/verification`: how this site hands out verification codes, for the verification page. */
export const verificationDeliverySchema = z.object({
  /** True when codes are emailed; false in development mail mode, where the page shows them. */
  emailDelivered: z.boolean(),
});
export type VerificationDelivery = z.infer<typeof verificationDeliverySchema>;

/** The signed-in user as the site shows it (GET /api/auth/user, and the answer of every sign-in). */
export const currentUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isEmailVerified: z.boolean(),
  subscriptionPlan: z.string(),
  subscriptionStatus: z.string(),
  subscriptionEndDate: z.iso.datetime().nullable(),
  isAdmin: z.boolean(),
  /** The owner's IANA time zone (an account setting; "UTC" until chosen): new content plans start from it. */
  timeZone: z.string(),
  createdAt: z.iso.datetime(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
