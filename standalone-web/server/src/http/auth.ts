// Who is asking. The session holds only the user id. Reading requests (GET, HEAD) take the user row from the cache kept
// in step with the table's change notifications, so a plan change or a deleted account reaches every app instance as
// soon as it is committed; requests that change something read the row fresh, so limits and permissions are always
// checked against the database, and afterwards forget the cached row, so the next page this instance serves shows the
// change at once.
import type { RequestHandler } from "express";
import type { User } from "@postwright/core/db";
import { forbidden, unauthorized } from "@postwright/core/errors";
import type { ServerContext } from "../context.ts";

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

const readOnly = (method: string) => method === "GET" || method === "HEAD";

/** Loads the signed-in user, if any, onto req.user. */
export function loadUser(ctx: ServerContext): RequestHandler {
  const { users } = ctx.caches;
  const load = (id: number) => ctx.db.prisma.user.findUnique({ where: { id } });
  // One object serves many requests: frozen, so no handler can change what another one sees.
  const loadShared = async (id: number) => {
    const user = await load(id);
    return user && Object.freeze(user);
  };
  return async (req, res, next) => {
    const userId = req.session?.userId;
    if (userId !== undefined) {
      const user = readOnly(req.method) ? await users.get(userId, loadShared) : await load(userId);
      if (user) req.user = user;
    }
    if (!readOnly(req.method)) {
      // Whatever this request changes, this instance's next answer must show it (other instances hear of it from the
      // database). The administrator may change any account; a request without a signed-in user changes no cached
      // account (a registration makes a new one), so it forgets nothing: a stranger's POSTs cannot empty the cache.
      const forget = () => {
        if (!req.user) return;
        if (isAdmin(ctx, req.user)) users.clear();
        else users.delete(req.user.id);
      };
      res.once("finish", forget);
      res.once("close", forget);
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
