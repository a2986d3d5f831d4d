// Login sessions: an httpOnly, SameSite=Lax cookie (Secure over HTTPS) naming a session stored in the database.
import session from "express-session";
import type { RequestHandler } from "express";
import type { ServerContext } from "../context.ts";
import { PrismaSessionStore } from "./session-store.ts";

export const SESSION_COOKIE = "pw.sid";
const THIRTY_DAYS = 30 * 24 * 60 * 60 * 1000;

export function sessions(ctx: ServerContext): RequestHandler {
  return session({
    name: SESSION_COOKIE,
    secret: ctx.config.sessionSecret,
    store: new PrismaSessionStore(ctx.db.prisma),
    resave: false,
    saveUninitialized: false,
    proxy: ctx.config.trustProxy ? true : undefined,
    cookie: { httpOnly: true, sameSite: "lax", secure: "auto", maxAge: THIRTY_DAYS },
  });
}
