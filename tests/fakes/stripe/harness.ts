// Billing against the fake: a test database with the plans seeded (price ids of the fake's prices), a fake Stripe
// server and the Stripe billing provider pointed at it.
import { createStripeBillingProvider, seedPlans, type BillingProvider, type PlanPriceIds } from "@postwright/core/billing";
import { createTestDatabase, type TestDatabase } from "@postwright/core/testing";
import { silentLogger } from "../../../core/src/logger.ts";
import { POSTWRIGHT_PRICES, startFakeStripe, type FakeStripe, type StartFakeStripeOptions } from "./server.ts";

export const APP_URL = "http://app.test";

export interface StripeBillingHarness {
  fake: FakeStripe;
  db: TestDatabase;
  billing: BillingProvider;
  deps: { prisma: TestDatabase["prisma"]; billing: BillingProvider };
  /** A user with a unique email (and any extra fields). */
  createUser(data?: Partial<{ email: string; firstName: string; lastName: string; subscriptionPlan: string; subscriptionStatus: string }>): Promise<{ id: number; email: string }>;
  /** The id of a plan row. */
  planId(name: string, interval?: "month" | "year"): Promise<number>;
  close(): Promise<void>;
}

export async function startStripeBillingHarness(
  options: { fake?: StartFakeStripeOptions; maxConnections?: number } = {},
): Promise<StripeBillingHarness> {
  const fake = await startFakeStripe(options.fake);
  const db = await createTestDatabase(options.maxConnections ? { maxConnections: options.maxConnections } : {});
  const priceIds: PlanPriceIds = Object.fromEntries(Object.entries(POSTWRIGHT_PRICES).map(([key, price]) => [key, price.id]));
  await seedPlans({ prisma: db.prisma }, { priceIds });
  const billing = createStripeBillingProvider({
    prisma: db.prisma,
    logger: silentLogger,
    appUrl: APP_URL,
    secretKey: fake.apiKey,
    webhookSecret: fake.webhookSecret,
    apiBase: fake.url,
  });
  let seq = 0;
  return {
    fake,
    db,
    billing,
    deps: { prisma: db.prisma, billing },
    async createUser(data = {}) {
      seq += 1;
      return db.prisma.user.create({
        data: { email: `user${seq}-${Date.now()}@example.com`, password: "not-used", firstName: "Test", lastName: `User ${seq}`, ...data },
      });
    },
    async planId(name, interval = "month") {
      return (await db.prisma.subscriptionPlan.findFirstOrThrow({ where: { name, interval } })).id;
    },
    async close() {
      await fake.close();
      await db.close();
    },
  };
}
