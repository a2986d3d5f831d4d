// Everything a request handler may use, built once at start-up (server.ts) or by a test (testing/create-test-app.ts)
// and passed to createApp. Services that hold connections or caches live here, so each exists once per process.
import { createBillingProvider, type BillingProvider } from "@postwright/core/billing";
import type { Config } from "@postwright/core/env";
import { RowCache, watchRowChanges, type Database, type User } from "@postwright/core/db";
import type { Logger } from "@postwright/core/logger";
import { createMailer, type Mailer } from "@postwright/core/mail";

/** A login session as the session store keeps it: what it remembers, and when it expires (epoch ms). */
export interface CachedSession {
  userId?: number;
  registrationId?: number | null;
  expire: number;
  /** When the user signed in (epoch ms); null before sign-in. The session ends 90 days after it at the latest. */
  signedInAt: number | null;
}

/**
 * The rows every request reads: its login session and its user. Kept in memory while the database's change
 * notifications are heard (see core/src/db/row-cache.ts), so a signed-in request costs no query; on their own they are
 * never trusted for writes (see http/auth.ts).
 */
export interface RequestCaches {
  users: RowCache<number, User>;
  sessions: RowCache<string, CachedSession>;
}

export interface ServerContext {
  config: Config;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  /** Stripe when STRIPE_SECRET_KEY is set, else a provider that keeps the free plan working. */
  billing: BillingProvider;
  /**
   * Replaces https://<shop> in Shopify Admin API addresses (`{shop}` is the shop's domain). Undefined in
   * production; tests set it to a local fake Shopify's template.
   */
  shopifyApiBaseUrl?: string;
  caches: RequestCaches;
  /**
   * Aborted when the server shuts down and requests still running must end now: a generation in flight stops, is not
   * charged, and its client is told to try again (see server.ts).
   */
  shutdown: AbortController;
  /** Waits before answering a throttled sign-in try; tests replace it to record the delays instead of waiting. */
  delay?: (ms: number) => Promise<void>;
}

const CACHED_ROWS = 10_000;
const CACHE_BACKSTOP_MS = 5 * 60 * 1000;

export function createRequestCaches(): RequestCaches {
  const id = (text: string) => (/^\d+$/.test(text) ? Number(text) : undefined);
  return {
    users: new RowCache({ table: "custom_users", parseKey: id, max: CACHED_ROWS, ttlMs: CACHE_BACKSTOP_MS }),
    sessions: new RowCache({ table: "sessions", parseKey: (sid) => sid, max: CACHED_ROWS, ttlMs: CACHE_BACKSTOP_MS }),
  };
}

/** Starts following the database's change notifications; until then the caches pass every read through. */
export function watchRequestCaches(ctx: Pick<ServerContext, "db" | "caches">): Promise<() => Promise<void>> {
  return watchRowChanges(ctx.db, [ctx.caches.users, ctx.caches.sessions]);
}

export function createServerContext(base: { config: Config; db: Database; logger: Logger }): ServerContext {
  const mailer = createMailer(base.config.mail, base.logger);
  // Only the loud opt-in is warned about: a production build reachable from this machine only (a fresh `npm start`)
  // shows codes without it, to nobody else.
  if (mailer.revealsCodes && base.config.isProduction && base.config.mail.insecureShowCodes) {
    base.logger.warn(
      {},
      "INSECURE_SHOW_VERIFICATION_CODES is set and SMTP_URL is not: verification codes are shown to whoever registers, " +
        "so anyone can take any address, the administrator's included. Use this for a private demo only.",
    );
  }
  const billing = createBillingProvider({ prisma: base.db.prisma, logger: base.logger, config: base.config });
  if (base.config.isProduction && !billing.enabled) {
    base.logger.warn({}, "STRIPE_SECRET_KEY is not set: paid plans cannot be bought online");
  } else if (base.config.isProduction && !base.config.stripe.webhookSecret) {
    base.logger.warn(
      {},
      "STRIPE_WEBHOOK_SECRET is not set: renewals, failed payments and portal cancellations are not followed",
    );
  }
  return { ...base, mailer, billing, caches: createRequestCaches(), shutdown: new AbortController() };
}
