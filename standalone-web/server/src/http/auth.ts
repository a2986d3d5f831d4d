// Who is asking. The session holds only the user id; the user row is read fresh on each request, so a plan change
// or a deleted account takes effect at once on every app instance.
import type { RequestHandler } from "express";
import type { User } from "@postwright/core/db";
import { forbidden, unauthorized } from "@postwright/core/errors";
import type { ServerContext } from "../context.ts";

declare module "express-session" {
  interface SessionData {
    userId?: number;
  }
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      user?: User;
    }
  }
}

export function isAdmin(ctx: ServerContext, user: Pick<User, "email">): boolean {
  return ctx.config.adminEmail !== undefined && user.email.toLowerCase() === ctx.config.adminEmail;
}

/** Loads the signed-in user, if any, onto req.user. */
export function loadUser(ctx: ServerContext): RequestHandler {
  return async (req, _res, next) => {
    const userId = req.session?.userId;
    if (userId !== undefined) {
      const user = await ctx.db.prisma.user.findUnique({ where: { id: userId } });
      if (user) req.user = user;
    }
    next();
  };
}

/** 401 unless signed in. Use after loadUser. */
export const requireUser: RequestHandler = (req, _res, next) => {
  if (!req.user) throw unauthorized();
  next();
};

/** 403 unless the signed-in user is the site's administrator (ADMIN_EMAIL). Checked here, never only in the page. */
export function requireAdmin(ctx: ServerContext): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) throw unauthorized();
    if (!isAdmin(ctx, req.user)) throw forbidden("Access Denied: You don't have permission to access this page.");
    next();
  };
}

/** The signed-in user of a request that passed requireUser. */
export function currentUser(req: { user?: User }): User {
  if (!req.user) throw unauthorized();
  return req.user;
}
