// Everything a request handler may use, built once at start-up (server.ts) or by a test (testing/create-test-app.ts)
// and passed to createApp. Services that hold connections or caches live here, so each exists once per process.
import { createBillingProvider, type BillingProvider } from "@postwright/core/billing";
import type { Config } from "@postwright/core/env";
import type { Database } from "@postwright/core/db";
import type { Logger } from "@postwright/core/logger";
import { createMailer, type Mailer } from "@postwright/core/mail";

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
}

export function createServerContext(base: { config: Config; db: Database; logger: Logger }): ServerContext {
  const mailer = createMailer(base.config.mail, base.logger);
  if (mailer.mode === "development" && base.config.isProduction) {
    base.logger.warn(
      {},
      "SMTP_URL is not set: verification codes are logged and shown to whoever registers, so emails are not really verified",
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
  return { ...base, mailer, billing };
}
