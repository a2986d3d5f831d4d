// Registration with an emailed code, sign-in, sign-out and the signed-in user; and the forgotten-password flow.
import type { RouteContract } from "../api-v1.ts";
import { forgotPasswordSchema, resetPasswordSchema, accountMessageSchema } from "../account.ts";
import {
  currentUserSchema,
  loginSchema,
  registerResponseSchema,
  registerSchema,
  resendVerificationSchema,
  verificationDeliverySchema,
  verifyEmailSchema,
} from "../auth.ts";
import { badInput, badRequest, mailUnavailable, ok, otherSite, otherSiteOr, refusal, signedOut, tooLarge, tooMany } from "./answers.ts";

export const authRoutes = {
  register: {
    method: "POST",
    path: "/auth/register",
    summary:
      "Register: keeps the registration pending and emails a 6-digit code (the same answer whether or not the address has an account)",
    caller: "none",
    body: registerSchema,
    responses: {
      200: ok(
        "Where the code went; developmentCode only when the site sends no email (development mail mode).",
        registerResponseSchema,
      ),
      400: badInput,
      413: tooLarge,
      403: otherSite,
      503: mailUnavailable,
      429: tooMany("Too many registrations from this address or for this email, or too many emails to it."),
    },
  },
  verifyEmail: {
    method: "POST",
    path: "/auth/verify-email",
    summary: "Confirm the emailed code: creates the account and signs this browser in",
    caller: "none",
    body: verifyEmailSchema,
    responses: {
      200: ok("The new account, signed in (a new session cookie).", currentUserSchema),
      400: badRequest("Bad input, or a wrong, used or expired code (message says which)."),
      413: tooLarge,
      403: otherSite,
      409: refusal("The address was registered meanwhile (message says how to sign in)."),
      429: tooMany("Too many wrong codes from this address."),
    },
  },
  resendVerification: {
    method: "POST",
    path: "/auth/resend-verification",
    summary: "Email a new code for a pending registration (the same answer whether or not one is pending)",
    caller: "none",
    body: resendVerificationSchema,
    responses: {
      200: ok("Where the code went.", registerResponseSchema),
      400: badInput,
      413: tooLarge,
      403: otherSite,
      503: mailUnavailable,
      429: tooMany("Too many codes requested, from this address or for this email."),
    },
  },
  getVerificationDelivery: {
    method: "GET",
    path: "/auth/verification",
    summary: "Whether this site emails verification codes (the verification page says so)",
    caller: "none",
    responses: { 200: ok("How codes are handed out.", verificationDeliverySchema) },
  },
  login: {
    method: "POST",
    path: "/auth/login",
    summary: "Sign in with email and password",
    caller: "none",
    body: loginSchema,
    responses: {
      200: ok("The user, signed in (a new session cookie).", currentUserSchema),
      400: badInput,
      413: tooLarge,
      401: refusal("Wrong email or password."),
      403: otherSiteOr("the email address is not verified yet"),
      429: tooMany("Too many failed sign-ins from this address or for this account."),
    },
  },
  logout: {
    method: "POST",
    path: "/auth/logout",
    summary: "Sign this browser out",
    caller: "none",
    responses: { 200: ok("Signed out.", accountMessageSchema), 403: otherSite },
  },
  getCurrentUser: {
    method: "GET",
    path: "/auth/user",
    summary: "The signed-in user",
    caller: "user",
    responses: { 200: ok("The user.", currentUserSchema), 401: signedOut },
  },
  forgotPassword: {
    method: "POST",
    path: "/auth/forgot-password",
    summary: "Email a password reset code (the same answer whether or not the address has an account)",
    caller: "none",
    body: forgotPasswordSchema,
    responses: {
      200: ok("What happens next.", accountMessageSchema),
      400: badInput,
      413: tooLarge,
      403: otherSite,
      503: mailUnavailable,
      429: tooMany("Too many reset requests from this address or for this email."),
    },
  },
  resetPassword: {
    method: "POST",
    path: "/auth/reset-password",
    summary: "Set a new password with the emailed code; signs this browser out and ends the account's sessions",
    caller: "none",
    body: resetPasswordSchema,
    responses: {
      200: ok("The password was changed.", accountMessageSchema),
      400: badRequest("Bad input, or a wrong, used or expired code (message says which)."),
      413: tooLarge,
      403: otherSite,
      429: tooMany("Too many wrong codes from this address."),
    },
  },
  signInPage: {
    method: "GET",
    path: "/login",
    summary: "Where a client sends a signed-out visitor after a 401: on to the site's sign-in page",
    caller: "none",
    responses: { 302: ok("To the sign-in page, /login.", null) },
  },
} as const satisfies Record<string, RouteContract>;
