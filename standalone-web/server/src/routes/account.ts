// The account's own settings, signed in: password, email address, sessions, data export and deletion; and the
// forgotten-password flow, signed out. The rules live in @postwright/core/accounts; this router adds the session
// (which one is current, signing this browser out) and the rate limits. Implemented from their declarations
// (@postwright/core/contracts, site-api/account.ts and site-api/auth.ts).
import type { Router } from "express";
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
import { sessionIdSchema } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { parseInput } from "@postwright/core/errors";
import type { ServerContext } from "../context.ts";
import { isAdmin } from "../http/auth.ts";
import { contractRouter } from "../http/contract-routes.ts";
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
  const { router, route } = contractRouter(ctx);

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

  route(
    contract.forgotPassword,
    async ({ body }) => ({ status: 200, body: await requestPasswordReset(deps, body()) }),
    [forgotPerIp, forgotPerEmail],
  );

  route(
    contract.resetPassword,
    async ({ req, body }) => {
      const result = await resetPassword(deps, body());
      // Whoever was signed in in this browser is signed out too: the next step is signing in with the new password.
      await req.session.destroy();
      return { status: 200, body: result };
    },
    [resetPerIp],
  );

  route(
    contract.changePassword,
    async ({ req, user, body }) => {
      const { message } = await changePassword(deps, { ...body(), userId: user.id, currentSid: req.session.id });
      return { status: 200, body: { message } };
    },
    [settingsPerAccount],
  );

  route(
    contract.setTimeZone,
    async ({ user, body }) => {
      const saved = await setAccountTimeZone(deps, user.id, body());
      // This process reads the new value at once; the others drop it when the row's change notification arrives.
      ctx.caches.users.delete(user.id);
      return { status: 200, body: saved };
    },
    [settingsPerAccount],
  );

  route(
    contract.requestEmailChange,
    async ({ user, body }) => ({ status: 200, body: await requestEmailChange(deps, { ...body(), userId: user.id }) }),
    [settingsPerAccount, emailChangePerAccount],
  );

  route(
    contract.confirmEmailChange,
    async ({ user, body }) => {
      const changed = await confirmEmailChange(deps, { ...body(), userId: user.id });
      return { status: 200, body: toCurrentUser(changed, { isAdmin: isAdmin(ctx, changed) }) };
    },
    [settingsPerAccount],
  );

  route(contract.listSessions, async ({ req, user }) => ({
    status: 200,
    body: await listSessions(deps, { userId: user.id, currentSid: req.session.id }),
  }));

  route(contract.endSession, async ({ req, user, params }) => {
    const sessionId = parseInput(sessionIdSchema, params.id);
    const current = req.session.id !== undefined && toSessionHandle(req.session.id) === sessionId;
    await endSession(deps, { userId: user.id, sessionId });
    if (current) await req.session.destroy();
    return { status: 200, body: { message: current ? "You were signed out." : "That session was ended." } };
  });

  route(contract.signOutEverywhere, async ({ req, user }) => {
    await endOtherSessions(deps, { userId: user.id });
    await req.session.destroy();
    return { status: 200, body: { message: "You were signed out on every device." } };
  });

  route(contract.exportAccount, async ({ res, user }) => {
    const data = await exportAccountData(deps, { userId: user.id });
    res.setHeader("Content-Disposition", `attachment; filename="postwright-account-${data.account.id}.json"`);
    return { status: 200, body: data };
  });

  route(
    contract.deleteAccount,
    async ({ req, user, body }) => {
      const result = await deleteAccount({ ...deps, billing: ctx.billing }, { ...body(), userId: user.id });
      await req.session.destroy();
      return { status: 200, body: result };
    },
    [settingsPerAccount],
  );

  return router;
}
