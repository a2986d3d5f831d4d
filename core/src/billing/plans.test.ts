import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/index.ts";
import { listPlans, seedPlans } from "./plans.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

describe("plan catalogue", () => {
  it("seeds the four plans with the product's prices, yearly 20% off, and lists them in the product's order", async () => {
    await seedPlans({ prisma: db.prisma });
    const plans = await listPlans({ prisma: db.prisma, billing: { enabled: true } });
    expect(plans.map((p) => `${p.name}/${p.interval}:${p.price}:${p.blogPostLimit}`)).toEqual([
      "free/month:0:5",
      "starter/month:2900:40",
      "starter/year:27840:40",
      "professional/month:5900:100",
      "professional/year:56640:100",
      "enterprise/month:0:-1",
      "enterprise/year:0:-1",
    ]);
    const starter = plans.find((p) => p.name === "starter");
    expect(starter?.features).toContain("Scheduled publishing");
    expect(plans.find((p) => p.name === "free")?.features).not.toContain("Scheduled publishing");
  });

  it("is idempotent and takes Stripe price ids from configuration without losing ones set earlier", async () => {
    await seedPlans({ prisma: db.prisma }, { priceIds: { "starter:month": "price_starter_m", "professional:year": "price_pro_y" } });
    await seedPlans({ prisma: db.prisma }, { priceIds: { "starter:month": "price_starter_m2" } });
    await seedPlans({ prisma: db.prisma });
    const rows = await db.prisma.subscriptionPlan.findMany();
    expect(rows).toHaveLength(7);
    const priceOf = (name: string, interval: string) => rows.find((r) => r.name === name && r.interval === interval)?.stripePriceId;
    expect(priceOf("starter", "month")).toBe("price_starter_m2");
    expect(priceOf("professional", "year")).toBe("price_pro_y");
    expect(priceOf("starter", "year")).toBeNull();
  });

  it("offers checkout for free always, for paid plans only when payments are on, and never for enterprise", async () => {
    await seedPlans({ prisma: db.prisma });
    const available = async (enabled: boolean) =>
      (await listPlans({ prisma: db.prisma, billing: { enabled } })).map((p) => `${p.name}/${p.interval}:${p.checkoutAvailable}`);
    expect(await available(true)).toEqual([
      "free/month:true",
      "starter/month:true",
      "starter/year:true",
      "professional/month:true",
      "professional/year:true",
      "enterprise/month:false",
      "enterprise/year:false",
    ]);
    expect(await available(false)).toEqual([
      "free/month:true",
      "starter/month:false",
      "starter/year:false",
      "professional/month:false",
      "professional/year:false",
      "enterprise/month:false",
      "enterprise/year:false",
    ]);
  });

  it("lists only active plans", async () => {
    await db.prisma.subscriptionPlan.updateMany({ where: { name: "starter", interval: "year" }, data: { isActive: false } });
    const plans = await listPlans({ prisma: db.prisma, billing: { enabled: true } });
    expect(plans.some((p) => p.name === "starter" && p.interval === "year")).toBe(false);
    await seedPlans({ prisma: db.prisma });
    expect((await listPlans({ prisma: db.prisma, billing: { enabled: true } })).some((p) => p.name === "starter" && p.interval === "year")).toBe(true);
  });
});
