// The account's own settings, signed in: password, email address, sessions, data export and deletion; and the
// forgotten-password flow, signed out. The rules live in @postwright/core/accounts; this router adds the session
// (which one is current, signing this browser out) and the rate limits.
import { Router } from "express";
import {
  changePassword,
  confirmEmailChange,
  deleteAccount,
  endOtherSessions,
  endSession,
  exportAccountData,
  listSessions,
  requestEmailChange,
  requestPasswordReset,
  resetPassword,
  setAccountTimeZone,
  toCurrentUser,
  toSessionHandle,
} from "@postwright/core/accounts";
import {
  changePasswordSchema,
  confirmEmailChangeSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  requestEmailChangeSchema,
  resetPasswordSchema,
  sessionIdSchema,
} from "@postwright/core/contracts";
import { parseInput } from "@postwright/core/errors";
import type { ServerContext } from "../context.ts";
import { currentUser, isAdmin, requireUser } from "../http/auth.ts";
import { createKeyedRateLimit } from "../http/rate-limit.ts";

const MINUTE = 60_000;

/** Limits per client address, per email or per account; counts kept in the shared database (http/rate-limit.ts). */
export const accountRateLimits = {
  /** Reset codes mailed (each sends an email). */
  forgotPerEmail: { windowMs: 60 * MINUTE, limit: 5 },
  forgotPerIp: { windowMs: 60 * MINUTE, limit: 20 },
  /** Wrong reset codes; each code also dies after 5 wrong tries. */
  resetPerIp: { windowMs: 15 * MINUTE, limit: 30 },
  /** Wrong current passwords or codes on the signed-in account's settings. */
  settingsPerAccount: { windowMs: 15 * MINUTE, limit: 10 },
  /** Codes mailed to a new address. */
  emailChangePerAccount: { windowMs: 60 * MINUTE, limit: 5 },
} as const;

export function createAccountRouter(ctx: ServerContext): Router {
  const deps = { prisma: ctx.db.prisma, mailer: ctx.mailer, config: ctx.config };
  const router = Router();

  const tooManyResets = "Too many password reset requests.";
  const forgotPerIp = createKeyedRateLimit(ctx, "forgot-per-ip", accountRateLimits.forgotPerIp, tooManyResets);
  const forgotPerEmail = createKeyedRateLimit(
    ctx,
    "forgot-per-email",
    accountRateLimits.forgotPerEmail,
    tooManyResets,
    {
      per: "email",
    },
  );
  const resetPerIp = createKeyedRateLimit(
    ctx,
    "reset-per-ip",
    accountRateLimits.resetPerIp,
    "Too many incorrect codes.",
    {
      skipSuccessfulRequests: true,
    },
  );
  const settingsPerAccount = createKeyedRateLimit(
    ctx,
    "account-settings",
    accountRateLimits.settingsPerAccount,
    "Too many incorrect attempts.",
    { per: "user", skipSuccessfulRequests: true },
  );
  const emailChangePerAccount = createKeyedRateLimit(
    ctx,
    "email-change",
    accountRateLimits.emailChangePerAccount,
    "Too many email changes requested.",
    { per: "user" },
  );

  router.post("/auth/forgot-password", forgotPerIp, forgotPerEmail, async (req, res) => {
    const input = parseInput(forgotPasswordSchema, req.body);
    res.json(await requestPasswordReset(deps, input));
  });

  router.post("/auth/reset-password", resetPerIp, async (req, res) => {
    const input = parseInput(resetPasswordSchema, req.body);
    const result = await resetPassword(deps, input);
    // Whoever was signed in in this browser is signed out too: the next step is signing in with the new password.
    await req.session.destroy();
    res.json(result);
  });

  router.post("/account/password", requireUser, settingsPerAccount, async (req, res) => {
    const input = parseInput(changePasswordSchema, req.body);
    const { message } = await changePassword(deps, {
      ...input,
      userId: currentUser(req).id,
      currentSid: req.session.id,
    });
    res.json({ message });
  });

  router.put("/account/time-zone", requireUser, settingsPerAccount, async (req, res) => {
    const userId = currentUser(req).id;
    const saved = await setAccountTimeZone(deps, userId, req.body);
    // This process reads the new value at once; the others drop it when the row's change notification arrives.
    ctx.caches.users.delete(userId);
    res.json(saved);
  });

  router.post("/account/email", requireUser, settingsPerAccount, emailChangePerAccount, async (req, res) => {
    const input = parseInput(requestEmailChangeSchema, req.body);
    res.json(await requestEmailChange(deps, { ...input, userId: currentUser(req).id }));
  });

  router.post("/account/email/confirm", requireUser, settingsPerAccount, async (req, res) => {
    const input = parseInput(confirmEmailChangeSchema, req.body);
    const user = await confirmEmailChange(deps, { ...input, userId: currentUser(req).id });
    res.json(toCurrentUser(user, { isAdmin: isAdmin(ctx, user) }));
  });

  router.get("/account/sessions", requireUser, async (req, res) => {
    res.json(await listSessions(deps, { userId: currentUser(req).id, currentSid: req.session.id }));
  });

  router.delete("/account/sessions/:id", requireUser, async (req, res) => {
    const sessionId = parseInput(sessionIdSchema, req.params.id);
    const current = req.session.id !== undefined && toSessionHandle(req.session.id) === sessionId;
    await endSession(deps, { userId: currentUser(req).id, sessionId });
    if (current) await req.session.destroy();
    res.json({ message: current ? "You were signed out." : "That session was ended." });
  });

  router.post("/account/sign-out-everywhere", requireUser, async (req, res) => {
    await endOtherSessions(deps, { userId: currentUser(req).id });
    await req.session.destroy();
    res.json({ message: "You were signed out on every device." });
  });

  router.get("/account/export", requireUser, async (req, res) => {
    const data = await exportAccountData(deps, { userId: currentUser(req).id });
    res.setHeader("Content-Disposition", `attachment; filename="postwright-account-${data.account.id}.json"`);
    res.json(data);
  });

  router.post("/account/delete", requireUser, settingsPerAccount, async (req, res) => {
    const input = parseInput(deleteAccountSchema, req.body);
    const result = await deleteAccount({ ...deps, billing: ctx.billing }, { ...input, userId: currentUser(req).id });
    await req.session.destroy();
    res.json(result);
  });

  return router;
}
