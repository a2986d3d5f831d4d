// Registration with an emailed 6-digit code, sign-in, sign-out and the current user. The rules (codes, tries,
// passwords) live in @postwright/core/accounts; this router adds the session and the rate limits.
import type { Request } from "express";
import { Router } from "express";
import {
  authenticateUser,
  registerUser,
  resendVerification,
  toCurrentUser,
  verifyEmail,
} from "@postwright/core/accounts";
import {
  loginSchema,
  registerSchema,
  resendVerificationSchema,
  verifyEmailSchema,
  type VerificationDelivery,
} from "@postwright/core/contracts";
import { parseInput } from "@postwright/core/errors";
import type { ServerContext } from "../context.ts";
import { currentUser, isAdmin, requireUser } from "../http/auth.ts";
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
  const router = Router();

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

  router.post("/auth/register", registerPerIp, registerPerEmail, mailPerRecipient, async (req, res) => {
    const input = parseInput(registerSchema, req.body);
    const { response, registrationId } = await registerUser(deps, input);
    // Set on every registration, so a response never differs by whether the email has an account (cookie included).
    req.session.registrationId = registrationId;
    await req.session.save();
    res.json(response);
  });

  router.post("/auth/verify-email", verifyPerIp, signInThrottle(ctx, "verify"), async (req, res) => {
    const input = parseInput(verifyEmailSchema, req.body);
    const user = await verifyEmail(deps, input, { registrationId: req.session.registrationId });
    await signIn(req, user.id);
    res.json(toCurrentUser(user, { isAdmin: isAdmin(ctx, user) }));
  });

  router.post("/auth/resend-verification", resendPerIp, resendPerEmail, mailPerRecipient, async (req, res) => {
    const input = parseInput(resendVerificationSchema, req.body);
    res.json(await resendVerification(deps, input));
  });

  // Whether codes are emailed, so the verification page says what is true (development mail mode shows them there).
  router.get("/auth/verification", (_req, res) => {
    const delivery: VerificationDelivery = { emailDelivered: ctx.mailer.mode === "smtp" };
    res.json(delivery);
  });

  router.post("/auth/login", loginPerIp, loginPerAccount, async (req, res) => {
    const input = parseInput(loginSchema, req.body);
    const user = await authenticateUser(deps, input);
    await signIn(req, user.id);
    res.json(toCurrentUser(user, { isAdmin: isAdmin(ctx, user) }));
  });

  router.post("/auth/logout", async (req, res) => {
    await req.session.destroy();
    res.json({ message: "Logged out successfully" });
  });

  router.get("/auth/user", requireUser, (req, res) => {
    const user = currentUser(req);
    res.json(toCurrentUser(user, { isAdmin: isAdmin(ctx, user) }));
  });

  // The client sends a signed-out visitor here after a 401; sign-in is our own /login page.
  router.get("/login", (_req, res) => {
    res.redirect(302, "/login");
  });

  return router;
}
