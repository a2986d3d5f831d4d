// express-session's store on the sessions table (sid, sess, expire), so sessions survive restarts and are shared by
// every app instance on the same database.
import session from "express-session";
import type { Prisma } from "@postwright/core/db";

const DAY = 24 * 60 * 60 * 1000;
/** A session's expiry is pushed back at most this often, so reading a session does not cost a write every request. */
const TOUCH_INTERVAL = 60 * 60 * 1000;

export class PrismaSessionStore extends session.Store {
  private readonly lastTouched = new Map<string, number>();

  constructor(private readonly prisma: Prisma) {
    super();
  }

  private expiry(data: session.SessionData): Date {
    const expires = data.cookie?.expires;
    return expires ? new Date(expires) : new Date(Date.now() + DAY);
  }

  override get(sid: string, callback: (err: unknown, session?: session.SessionData | null) => void): void {
    this.prisma.session
      .findFirst({ where: { sid, expire: { gt: new Date() } }, select: { sess: true } })
      .then((row) => callback(null, row ? (row.sess as unknown as session.SessionData) : null), callback);
  }

  override set(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    const sess = JSON.parse(JSON.stringify(data));
    const expire = this.expiry(data);
    this.prisma.session
      .upsert({ where: { sid }, create: { sid, sess, expire }, update: { sess, expire } })
      .then(() => {
        this.lastTouched.set(sid, Date.now());
        callback?.();
      }, (err) => callback?.(err));
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.lastTouched.delete(sid);
    this.prisma.session.deleteMany({ where: { sid } }).then(() => callback?.(), (err) => callback?.(err));
  }

  override touch(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    const now = Date.now();
    if (now - (this.lastTouched.get(sid) ?? 0) < TOUCH_INTERVAL) {
      callback?.();
      return;
    }
    if (this.lastTouched.size > 50_000) this.lastTouched.clear();
    this.lastTouched.set(sid, now);
    this.prisma.session
      .updateMany({ where: { sid }, data: { expire: this.expiry(data) } })
      .then(() => callback?.(), (err) => callback?.(err));
  }

  /** Deletes expired sessions; run periodically. */
  async prune(): Promise<number> {
    const { count } = await this.prisma.session.deleteMany({ where: { expire: { lte: new Date() } } });
    return count;
  }
}
