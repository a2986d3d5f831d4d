// Login sessions: an httpOnly, SameSite=Lax cookie (Secure over HTTPS) naming a row of the sessions table, so sessions
// survive restarts and are shared by every app instance on the database. The cookie holds only the session id, signed
// with SESSION_SECRET (HMAC-SHA256, in the `s:<id>.<signature>` form express-session writes, so sessions made by
// either remain valid); the row holds what the session knows (the signed-in user, a pending registration) and when it
// expires. Sessions slide: a session in use has its expiry and cookie pushed back, at most once an hour, but never
// beyond 90 days after the sign-in (core/src/accounts/session-policy.ts). The row also names its user and records the
// browser (user agent), address, sign-in time and last use, so the user can see and end their sessions.
//
// Reading a session is what every request does, so it is cheap: one HMAC, and the row from the request caches (kept in
// step with the table by its change notifications) instead of a query. express-session, which this replaces, hashed
// the session twice, re-signed the cookie twice more and split every response around a store call, costing more than
// the rest of a signed-in page load (`npm run bench -- api`).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { SESSION_ABSOLUTE_DAYS, SESSION_IDLE_DAYS, sessionExpiry } from "@postwright/core/accounts";
import type { Prisma } from "@postwright/core/db";
import type { CachedSession, ServerContext } from "../context.ts";

export const SESSION_COOKIE = "pw.sid";
const MAX_AGE_MS = SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000;
const ABSOLUTE_MS = SESSION_ABSOLUTE_DAYS * 24 * 60 * 60 * 1000;
/**
 * Set and cleared with the session cookie, and readable by scripts (it holds nothing but "1"): it tells the client
 * that someone may be signed in, so a visitor's pages never ask for the current user, and tells the server which
 * page to send (a visitor gets the prerendered public pages, see app.ts).
 */
export const SESSION_HINT_COOKIE = "pw.session";

/** Whether a Cookie header carries the session hint. */
export function hasSessionHint(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && readCookie(cookieHeader, SESSION_HINT_COOKIE) !== undefined;
}
/** A session's expiry is pushed back at most this often, so reading a session does not cost a write every request. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

/** What a session remembers between requests. */
export interface SessionData {
  userId?: number;
  /** The pending registration this browser made (null when it registered an existing account's email). */
  registrationId?: number | null;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      session: RequestSession;
    }
  }
}

export function signSessionId(sid: string, secret: string): string {
  return `s:${sid}.${createHmac("sha256", secret).update(sid).digest("base64").replace(/=+$/, "")}`;
}

/** The session id in a signed cookie value, or undefined when the value was not signed with this secret. */
export function unsignSessionId(value: string, secret: string): string | undefined {
  if (!value.startsWith("s:")) return undefined;
  const dot = value.lastIndexOf(".");
  if (dot < 3) return undefined;
  const sid = value.slice(2, dot);
  const expected = Buffer.from(signSessionId(sid, secret));
  const given = Buffer.from(value);
  return expected.length === given.length && timingSafeEqual(expected, given) ? sid : undefined;
}

/** The raw value of one cookie in a Cookie header, without parsing the others. */
function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let at = 0;
  for (;;) {
    at = header.indexOf(name, at);
    if (at === -1) return undefined;
    const before = at === 0 ? " " : header[at - 1];
    if ((before === " " || before === ";") && header[at + name.length] === "=") {
      const start = at + name.length + 1;
      const end = header.indexOf(";", start);
      const raw = (end === -1 ? header.slice(start) : header.slice(start, end)).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return undefined;
      }
    }
    at += name.length;
  }
}

interface StoredSession extends SessionData {
  cookie?: unknown;
}

function toStored(data: SessionData, expires: Date): StoredSession {
  const stored: StoredSession = {
    cookie: {
      originalMaxAge: expires.getTime() - Date.now(),
      expires: expires.toISOString(),
      httpOnly: true,
      path: "/",
      sameSite: "lax",
    },
  };
  if (data.userId !== undefined) stored.userId = data.userId;
  if (data.registrationId !== undefined) stored.registrationId = data.registrationId;
  return stored;
}

/** The session of one request: its data, and the changes only the server makes (sign-in, sign-out). */
export class RequestSession implements SessionData {
  userId?: number;
  registrationId?: number | null;

  constructor(
    private readonly store: SessionStore,
    private readonly req: Request,
    private readonly res: Response,
    private sid: string | undefined,
    data: SessionData,
    /** When the signed-in user signed in (epoch ms); undefined until then. */
    private signedInAt?: number,
  ) {
    if (data.userId !== undefined) this.userId = data.userId;
    if (data.registrationId !== undefined) this.registrationId = data.registrationId;
  }

  /** The session's id (its secret), undefined while it has not been saved. */
  get id(): string | undefined {
    return this.sid;
  }

  /** Writes the session (creating it, and its cookie, the first time). */
  async save(): Promise<void> {
    const isNew = this.sid === undefined;
    const sid = this.sid ?? randomBytes(24).toString("base64url");
    if (this.userId !== undefined) this.signedInAt ??= Date.now();
    const signedInAt = this.signedInAt === undefined ? null : new Date(this.signedInAt);
    const expires = sessionExpiry(new Date(), signedInAt);
    await this.store.write(sid, { userId: this.userId, registrationId: this.registrationId }, expires, {
      signedInAt,
      userAgent: this.req.get("user-agent")?.slice(0, 500) ?? null,
      ipAddress: this.req.ip ?? null,
    });
    this.sid = sid;
    if (isNew) this.store.setCookie(this.req, this.res, sid, expires);
  }

  /**
   * Ends this session and starts an empty one under a new id (saved by the next save()), so an id planted before
   * sign-in (session fixation) is worthless after it.
   */
  async regenerate(): Promise<void> {
    if (this.sid) await this.store.remove(this.sid);
    this.sid = undefined;
    this.signedInAt = undefined;
    delete this.userId;
    delete this.registrationId;
  }

  /** Signs out: deletes the session and tells the browser to drop its cookie. */
  async destroy(): Promise<void> {
    await this.regenerate();
    this.store.clearCookie(this.res);
  }
}

/** The sessions table, through the cache. */
export class SessionStore {
  private readonly verified = new LRUCache<string, string>({ max: 10_000 });

  constructor(
    private readonly ctx: Pick<ServerContext, "db" | "caches" | "config">,
    private readonly secret = ctx.config.sessionSecret,
  ) {}

  private get prisma(): Prisma {
    return this.ctx.db.prisma;
  }

  private readonly readRow = async (sid: string): Promise<CachedSession | null> => {
    const row = await this.prisma.session.findUnique({
      where: { sid },
      select: { sess: true, expire: true, signedInAt: true },
    });
    if (!row) return null;
    const stored = (row.sess ?? {}) as StoredSession;
    const session: CachedSession = { expire: row.expire.getTime(), signedInAt: row.signedInAt?.getTime() ?? null };
    if (typeof stored.userId === "number") session.userId = stored.userId;
    if (stored.registrationId !== undefined) session.registrationId = stored.registrationId;
    // Shared by the requests that read it until it changes.
    return Object.freeze(session);
  };

  /** The session id a cookie value names, if its signature is right (verified once per value while it is in use). */
  private sidOf(cookieValue: string): string | undefined {
    const known = this.verified.get(cookieValue);
    if (known !== undefined) return known;
    const sid = unsignSessionId(cookieValue, this.secret);
    if (sid !== undefined) this.verified.set(cookieValue, sid);
    return sid;
  }

  /** The live session a cookie value names, if any. */
  async read(cookieValue: string | undefined): Promise<{ sid: string; session: CachedSession } | undefined> {
    const sid = cookieValue ? this.sidOf(cookieValue) : undefined;
    if (!sid) return undefined;
    const session = await this.ctx.caches.sessions.get(sid, this.readRow);
    const now = Date.now();
    if (!session || session.expire <= now) return undefined;
    // The expiry never slides past the absolute end, but a row written otherwise (or before the limit) is held to it.
    if (session.signedInAt !== null && session.signedInAt + ABSOLUTE_MS <= now) return undefined;
    return { sid, session };
  }

  async write(
    sid: string,
    data: SessionData,
    expires: Date,
    about: { signedInAt: Date | null; userAgent: string | null; ipAddress: string | null },
  ): Promise<void> {
    const sess = toStored(data, expires) as object;
    const columns = { sess, expire: expires, userId: data.userId ?? null, ...about, lastSeenAt: new Date() };
    await this.prisma.session.upsert({ where: { sid }, create: { sid, ...columns }, update: columns });
    this.ctx.caches.sessions.delete(sid);
  }

  async remove(sid: string): Promise<void> {
    await this.prisma.session.deleteMany({ where: { sid } });
    this.ctx.caches.sessions.delete(sid);
  }

  /**
   * Pushes a session's expiry back (and records its use), when it was last pushed back more than TOUCH_INTERVAL_MS
   * ago and is not already at its absolute end.
   */
  async touch(req: Request, res: Response, sid: string, session: CachedSession): Promise<void> {
    if (session.expire - Date.now() > MAX_AGE_MS - TOUCH_INTERVAL_MS) return;
    const now = new Date();
    const expires = sessionExpiry(now, session.signedInAt === null ? null : new Date(session.signedInAt));
    if (expires.getTime() <= session.expire) return;
    const sess = toStored(session, expires) as object;
    await this.prisma.session.updateMany({ where: { sid }, data: { sess, expire: expires, lastSeenAt: now } });
    this.ctx.caches.sessions.delete(sid);
    this.setCookie(req, res, sid, expires);
  }

  setCookie(req: Request, res: Response, sid: string, expires: Date): void {
    res.cookie(SESSION_COOKIE, signSessionId(sid, this.secret), {
      httpOnly: true,
      sameSite: "lax",
      secure: req.secure,
      path: "/",
      // Whole seconds, rounded up: the expiry was computed a moment ago.
      maxAge: Math.min(MAX_AGE_MS, Math.max(0, Math.ceil((expires.getTime() - Date.now()) / 1000) * 1000)),
    });
    res.cookie(SESSION_HINT_COOKIE, "1", { sameSite: "lax", secure: req.secure, path: "/", maxAge: MAX_AGE_MS });
  }

  clearCookie(res: Response): void {
    res.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax" });
    res.clearCookie(SESSION_HINT_COOKIE, { path: "/", sameSite: "lax" });
  }

  /** Deletes expired sessions; run periodically. */
  async prune(): Promise<number> {
    const { count } = await this.prisma.session.deleteMany({ where: { expire: { lte: new Date() } } });
    return count;
  }
}

/** Puts the request's session (empty when it has none) on req.session. */
export function sessions(ctx: Pick<ServerContext, "db" | "caches" | "config">): RequestHandler {
  const store = new SessionStore(ctx);
  return async (req, res, next) => {
    const cookieValue = readCookie(req.headers.cookie, SESSION_COOKIE);
    const found = await store.read(cookieValue);
    // A cookie naming no live session (it expired, or ended elsewhere), or a hint without a session: drop both, so
    // the client stops asking who is signed in.
    if (!found && (cookieValue !== undefined || hasSessionHint(req.headers.cookie))) store.clearCookie(res);
    req.session = new RequestSession(store, req, res, found?.sid, found?.session ?? {}, found?.session.signedInAt ?? undefined);
    if (found) await store.touch(req, res, found.sid, found.session);
    next();
  };
}
