// Registration with an emailed 6-digit code, sign-in, sign-out and the current user. The rules (codes, tries,
// passwords) live in @postwright/core/accounts; this router adds the session and the rate limits.
import type { Request } from "express";
import { Router } from "express";
import { rateLimit, type Options as RateLimitOptions } from "express-rate-limit";
import {
  authenticateUser,
  registerUser,
  resendVerification,
  toCurrentUser,
  verifyEmail,
} from "@postwright/core/accounts";
import { loginSchema, registerSchema, resendVerificationSchema, verifyEmailSchema } from "@postwright/core/contracts";
import { AppError, parseInput } from "@postwright/core/errors";
import type { ServerContext } from "../context.ts";
import { currentUser, isAdmin, requireUser } from "../http/auth.ts";


const MINUTE = 60_000;

/** Limits per client address and per email; counts kept in memory, per app instance. */
export const authRateLimits = {
  /** Failed sign-ins. */
  loginPerEmail: { windowMs: 15 * MINUTE, limit: 10 },
  loginPerIp: { windowMs: 15 * MINUTE, limit: 50 },
  /** Accepted registrations (each sends an email); refused forms do not count. */
  registerPerEmail: { windowMs: 60 * MINUTE, limit: 5 },
  registerPerIp: { windowMs: 60 * MINUTE, limit: 30 },
  resendPerEmail: { windowMs: 15 * MINUTE, limit: 5 },
  resendPerIp: { windowMs: 15 * MINUTE, limit: 20 },
  /** Failed verifications; each code also dies after 5 wrong tries. */
  verifyPerIp: { windowMs: 15 * MINUTE, limit: 30 },
} as const;

/** The email a request is about, normalised as the schemas do; undefined when absent (the schema will refuse it). */
function emailOf(req: Request): string | undefined {
  const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" && email.trim() !== "" ? email.trim().toLowerCase() : undefined;
}

function limiter(
  { windowMs, limit }: { windowMs: number; limit: number },
  message: string,
  options: Partial<RateLimitOptions> & { perEmail?: boolean } = {},
) {
  const { perEmail, ...rest } = options;
  const minutes = Math.round(windowMs / MINUTE);
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    ...(perEmail ? { keyGenerator: (req: Request) => emailOf(req) ?? "", skip: (req: Request) => !emailOf(req) } : {}),
    handler: (_req, _res, next) => next(new AppError("RATE_LIMITED", `${message} Please try again in ${minutes} minutes.`)),
    ...rest,
  });
}

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
  const loginPerIp = limiter(authRateLimits.loginPerIp, tooManySignIns, { skipSuccessfulRequests: true });
  const loginPerEmail = limiter(authRateLimits.loginPerEmail, tooManySignIns, { skipSuccessfulRequests: true, perEmail: true });
  const tooManyRegistrations = "Too many registrations.";
  const registerPerIp = limiter(authRateLimits.registerPerIp, tooManyRegistrations, { skipFailedRequests: true });
  const registerPerEmail = limiter(authRateLimits.registerPerEmail, tooManyRegistrations, {
    skipFailedRequests: true,
    perEmail: true,
  });
  const tooManyCodes = "Too many verification codes requested.";
  const resendPerIp = limiter(authRateLimits.resendPerIp, tooManyCodes);
  const resendPerEmail = limiter(authRateLimits.resendPerEmail, tooManyCodes, { perEmail: true });
  const verifyPerIp = limiter(authRateLimits.verifyPerIp, "Too many incorrect verification codes.", {
    skipSuccessfulRequests: true,
  });

  router.post("/auth/register", registerPerIp, registerPerEmail, async (req, res) => {
    const input = parseInput(registerSchema, req.body);
    const { response, registrationId } = await registerUser(deps, input);
    // Set on every registration, so a response never differs by whether the email has an account (cookie included).
    req.session.registrationId = registrationId;
    await req.session.save();
    res.json(response);
  });

  router.post("/auth/verify-email", verifyPerIp, async (req, res) => {
    const input = parseInput(verifyEmailSchema, req.body);
    const user = await verifyEmail(deps, input, { registrationId: req.session.registrationId });
    await signIn(req, user.id);
    res.json(toCurrentUser(user, { isAdmin: isAdmin(ctx, user) }));
  });

  router.post("/auth/resend-verification", resendPerIp, resendPerEmail, async (req, res) => {
    const input = parseInput(resendVerificationSchema, req.body);
    res.json(await resendVerification(deps, input));
  });

  router.post("/auth/login", loginPerIp, loginPerEmail, async (req, res) => {
    const input = parseInput(loginSchema, req.body);
    const user = await authenticateUser(deps, input);
    await signIn(req, user.id);
    // A successful sign-in clears the failures counted against this email.
    await loginPerEmail.resetKey(input.email);
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
