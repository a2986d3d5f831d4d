import type { Prisma } from "../db/client.ts";
import type { Config } from "../env.ts";
import type { Logger } from "../logger.ts";
import { createDisabledBillingProvider } from "./disabled-billing-provider.ts";
import type { BillingProvider } from "./provider.ts";
import { createStripeBillingProvider } from "./stripe/stripe-billing-provider.ts";

/** Stripe when STRIPE_SECRET_KEY is set; otherwise a provider that keeps the free plan working and explains that
 * online payments are off. */
export function createBillingProvider(deps: {
  prisma: Prisma;
  logger: Logger;
  config: Pick<Config, "appUrl" | "stripe">;
}): BillingProvider {
  const { secretKey, webhookSecret, apiBase } = deps.config.stripe;
  if (!secretKey) return createDisabledBillingProvider();
  return createStripeBillingProvider({
    prisma: deps.prisma,
    logger: deps.logger,
    appUrl: deps.config.appUrl,
    secretKey,
    webhookSecret,
    apiBase,
  });
}
