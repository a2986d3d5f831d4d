// Throttles guesses at passwords and verification codes per account and address, in the shared database (see
// @postwright/core/limits, sign-in-throttle-policy.ts): each try is counted before it is checked, waits the delay the
// account's failures call for, and is forgiven when it succeeds.
import type { Request, RequestHandler } from "express";
import { forgiveSignInAttempt, throttleSignInAttempt, type SignInAction } from "@postwright/core/limits";
import type { ServerContext } from "../context.ts";

/** The email a request is about, normalised as the schemas do; undefined when absent (the schema will refuse it). */
export function emailOf(req: Request): string | undefined {
  const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" && email.trim() !== "" ? email.trim().toLowerCase() : undefined;
}

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Success is a 2xx answer; a 403 (right password, email not verified yet) is not a failed guess either. */
const succeeded = (status: number) => status < 400 || status === 403;

export function signInThrottle(ctx: Pick<ServerContext, "db" | "logger" | "delay">, action: SignInAction): RequestHandler {
  const deps = { prisma: ctx.db.prisma };
  return async (req, res, next) => {
    const email = emailOf(req);
    if (!email) {
      next();
      return;
    }
    const attempt = { action, email, ip: req.ip ?? "" };
    const { delayMs } = await throttleSignInAttempt(deps, attempt);
    res.once("finish", () => {
      if (!succeeded(res.statusCode)) return;
      forgiveSignInAttempt(deps, attempt).catch((err: unknown) =>
        ctx.logger.warn({ err }, "could not clear the sign-in failures of an account"),
      );
    });
    if (delayMs > 0) await (ctx.delay ?? wait)(delayMs);
    next();
  };
}
