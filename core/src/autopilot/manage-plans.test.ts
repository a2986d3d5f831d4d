import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors/index.ts";
import { createTestDatabase, type TestDatabase } from "../testing/database.ts";
import { addPlanItems, assignPlanSlots, createContentPlan } from "./content-plans.ts";
import { contentPlanView, movePlanItem } from "./manage-plans.ts";

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

describe("reordering a plan's titles", () => {
  it("moves a waiting title earlier or later, taking its neighbour's slot, and refuses others' titles", async () => {
    const user = await db.prisma.user.create({
      data: { email: "order@example.com", password: "x", subscriptionPlan: "starter", subscriptionStatus: "active" },
    });
    const connection = await db.prisma.wordpressConnection.create({
      data: {
        userId: user.id,
        siteName: "B",
        siteUrl: "https://b.example",
        username: "a",
        applicationPassword: "v1:x",
      },
    });
    const plan = await createContentPlan({ prisma: db.prisma }, user.id, {
      name: "Order",
      platform: "wordpress",
      connectionId: connection.id,
      cadence: { weekdays: [1, 3], time: "09:00", timeZone: "UTC" },
      postsAhead: 2,
    });
    await addPlanItems({ prisma: db.prisma }, user.id, plan.id, [
      { title: "First", keywords: ["a"] },
      { title: "Second", keywords: ["b"] },
      { title: "Third", keywords: ["c"] },
    ]);
    const now = new Date("2026-11-29T10:00:00Z");
    await assignPlanSlots({ prisma: db.prisma }, user.id, plan.id, now);
    const order = async () =>
      (await contentPlanView({ prisma: db.prisma }, user.id, plan.id, now)).items.map((i) => [i.title, i.slotAt]);
    const before = await order();
    expect(before).toEqual([
      ["First", "2026-11-30T09:00:00.000Z"],
      ["Second", "2026-12-02T09:00:00.000Z"],
      ["Third", null],
    ]);
    const id = async (title: string) =>
      (await db.prisma.contentPlanItem.findFirstOrThrow({ where: { planId: plan.id, title } })).id;

    await movePlanItem({ prisma: db.prisma }, user.id, await id("Third"), { direction: "earlier" });
    expect(await order()).toEqual([
      ["First", "2026-11-30T09:00:00.000Z"],
      ["Third", "2026-12-02T09:00:00.000Z"],
      ["Second", null],
    ]);
    await movePlanItem({ prisma: db.prisma }, user.id, await id("First"), { direction: "later" });
    expect((await order()).map(([title]) => title)).toEqual(["Third", "First", "Second"]);
    // The first cannot go earlier: nothing changes.
    await movePlanItem({ prisma: db.prisma }, user.id, await id("Third"), { direction: "earlier" });
    expect((await order()).map(([title]) => title)).toEqual(["Third", "First", "Second"]);

    const stranger = await db.prisma.user.create({ data: { email: "order2@example.com", password: "x" } });
    const refused = await movePlanItem({ prisma: db.prisma }, stranger.id, await id("First"), {
      direction: "later",
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(404);
    const bad = await movePlanItem({ prisma: db.prisma }, user.id, await id("First"), { direction: "up" }).catch(
      (error: unknown) => error,
    );
    expect((bad as AppError).message).toBe('Choose "earlier" or "later".');
  });
});
