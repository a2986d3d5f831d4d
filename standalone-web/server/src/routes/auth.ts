// Registration with an emailed 6-digit code, sign-in, sign-out and the current user, implemented from their declarations
// (@postwright/core/contracts, site-api/auth.ts). The rules (codes, tries, passwords) live in @postwright/core/accounts;
// this router adds the session and the rate limits.
import type { Request, Router } from "express";
import {
  authenticateUser,
  registerUser,
  resendVerification,
  toCurrentUser,
  verifyEmail,
} from "@postwright/core/accounts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import type { ServerContext } from "../context.ts";
import { isAdmin } from "../http/auth.ts";
import { contractRouter } from "../http/contract-routes.ts";
import { createKeyedRateLimit } from "../http/rate-limit.ts";
import { signInThrottle } from "../http/sign-in-throttle.ts";


const MINUTE = 60_000;

/** Limits per client address and per email; counts kept in the shared database (http/rate-limit.ts). */
export const authRateLimits = {
  /** Failed sign-ins from one address, whatever the account (per account: http/sign-in-throttle.ts). */
  loginPerIp: { windowMs: 15 * MINUTE, limit: 50 },
  /** Accepted registrations (each sends an email); refused forms do not count. */
  registerPerEmail: { windowMs: 60 * MINUTE, limit: 5 },
  registerPerIp: { windowMs: 60 * MINUTE, limit: 30 },
  resendPerEmail: { windowMs: 15 * MINUTE, limit: 5 },
  resendPerIp: { windowMs: 15 * MINUTE, limit: 20 },
  /** Emails sent to one address by registrations and new codes together (each route's own limits apply too). */
  mailPerRecipient: { windowMs: 60 * MINUTE, limit: 6 },
  /** Failed verifications; each code also dies after 5 wrong tries. */
  verifyPerIp: { windowMs: 15 * MINUTE, limit: 30 },
} as const;

/** A new session id on every sign-in, so an id planted before sign-in (session fixation) is worthless after it. */
async function signIn(req: Request, userId: number): Promise<void> {
  await req.session.regenerate();
  req.session.userId = userId;
  await req.session.save();
}

export function createAuthRouter(ctx: ServerContext): Router {
  const deps = { prisma: ctx.db.prisma, mailer: ctx.mailer, config: ctx.config };
  const { router, route } = contractRouter(ctx);

  const tooManySignIns = "Too many failed sign-in attempts.";
  const loginPerIp = createKeyedRateLimit(ctx, "login-per-ip", authRateLimits.loginPerIp, tooManySignIns, { skipSuccessfulRequests: true });
  const loginPerAccount = signInThrottle(ctx, "login");
  const tooManyRegistrations = "Too many registrations.";
  const registerPerIp = createKeyedRateLimit(ctx, "register-per-ip", authRateLimits.registerPerIp, tooManyRegistrations, { skipFailedRequests: true });
  const registerPerEmail = createKeyedRateLimit(ctx, "register-per-email", authRateLimits.registerPerEmail, tooManyRegistrations, {
    skipFailedRequests: true,
    per: "email",
  });
  const tooManyCodes = "Too many verification codes requested.";
  const resendPerIp = createKeyedRateLimit(ctx, "resend-per-ip", authRateLimits.resendPerIp, tooManyCodes);
  const resendPerEmail = createKeyedRateLimit(ctx, "resend-per-email", authRateLimits.resendPerEmail, tooManyCodes, { per: "email" });
  const verifyPerIp = createKeyedRateLimit(ctx, "verify-per-ip", authRateLimits.verifyPerIp, "Too many incorrect verification codes.", {
    skipSuccessfulRequests: true,
  });

  // Shared by registration and new codes (one count for both routes): nobody can have more mail sent to an address.
  const tooManyMails = "Too many emails requested.";
  const mailPerRecipient = createKeyedRateLimit(ctx, "mail-per-recipient", authRateLimits.mailPerRecipient, tooManyMails, { per: "email" });

  route(
    contract.register,
    async ({ req, body }) => {
      const { response, registrationId } = await registerUser(deps, body());
      // Set on every registration, so a response never differs by whether the email has an account (cookie included).
      req.session.registrationId = registrationId;
      await req.session.save();
      return { status: 200, body: response };
    },
    [registerPerIp, registerPerEmail, mailPerRecipient],
  );

  route(
    contract.verifyEmail,
    async ({ req, body }) => {
      const user = await verifyEmail(deps, body(), { registrationId: req.session.registrationId });
      await signIn(req, user.id);
      return { status: 200, body: toCurrentUser(user, { isAdmin: isAdmin(ctx, user) }) };
    },
    [verifyPerIp, signInThrottle(ctx, "verify")],
  );

  route(
    contract.resendVerification,
    async ({ body }) => ({ status: 200, body: await resendVerification(deps, body()) }),
    [resendPerIp, resendPerEmail, mailPerRecipient],
  );

  // Whether codes are emailed, so the verification page says what is true (development mail mode shows them there).
  route(contract.getVerificationDelivery, () => ({
    status: 200,
    body: { emailDelivered: ctx.mailer.mode === "smtp" },
  }));

  route(
    contract.login,
    async ({ req, body }) => {
      const user = await authenticateUser(deps, body());
      await signIn(req, user.id);
      return { status: 200, body: toCurrentUser(user, { isAdmin: isAdmin(ctx, user) }) };
    },
    [loginPerIp, loginPerAccount],
  );

  route(contract.logout, async ({ req }) => {
    await req.session.destroy();
    return { status: 200, body: { message: "Logged out successfully" } };
  });

  route(contract.getCurrentUser, ({ user }) => ({
    status: 200,
    body: toCurrentUser(user, { isAdmin: isAdmin(ctx, user) }),
  }));

  // The client sends a signed-out visitor here after a 401; sign-in is our own /login page.
  route(contract.signInPage, () => ({ status: 302, location: "/login" }));

  return router;
}
