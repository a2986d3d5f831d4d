import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors/index.ts";
import { createTestDatabase, type TestDatabase } from "../testing/database.ts";
import { addPlanItems, assignPlanSlots, createContentPlan } from "./content-plans.ts";
import { contentPlanView, listContentPlans, movePlanItem } from "./manage-plans.ts";

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
    const bad = await movePlanItem({ prisma: db.prisma }, user.id, await id("First"), {
      direction: "up",
    } as never).catch((error: unknown) => error);
    expect((bad as AppError).message).toBe('Choose "earlier" or "later".');
  });
});

describe("a plan's view, one page of titles at a time", () => {
  it("pages the titles in the plan's order, with the figures of all of them, and is the owner's alone", async () => {
    const user = await db.prisma.user.create({
      data: { email: "pages@example.com", password: "x", subscriptionPlan: "starter", subscriptionStatus: "active" },
    });
    const plan = await db.prisma.contentPlan.create({
      data: {
        userId: user.id,
        name: "Long",
        platform: "wordpress",
        weekdays: [1, 2, 3, 4, 5],
        publishTime: "09:00",
        timeZone: "UTC",
      },
    });
    const now = new Date("2026-11-29T10:00:00Z");
    const day = (n: number) => new Date(now.getTime() + n * 86_400_000);
    const published = await db.prisma.blogPost.create({
      data: { userId: user.id, title: "Out", content: "x", htmlContent: "<p>x</p>", status: "published" },
    });
    const draft = await db.prisma.blogPost.create({
      data: { userId: user.id, title: "Draft", content: "x", htmlContent: "<p>x</p>", status: "draft" },
    });
    // 130 titles: 40 skipped in the past, one approved and published, one approved not yet, 3 to review, 85 waiting
    // (two of them sharing a place, so the id settles their order); one waits for another try.
    const rows = [
      ...Array.from({ length: 40 }, (_, i) => ({ status: "skipped", slotAt: day(-50 + i) })),
      { status: "approved", slotAt: day(-2), postId: published.id },
      { status: "approved", slotAt: day(1), postId: draft.id },
      ...Array.from({ length: 3 }, (_, i) => ({ status: "to_review", slotAt: day(2 + i) })),
      ...Array.from({ length: 85 }, () => ({ status: "planned", slotAt: null })),
    ];
    await db.prisma.contentPlanItem.createMany({
      data: rows.map((row, i) => ({
        planId: plan.id,
        title: `Title ${i + 1}`,
        keywords: ["k"],
        position: i === rows.length - 1 ? i : i + 1,
        ...row,
        ...(i === 60 ? { lastError: "The writer is busy.", nextAttemptAt: day(1) } : {}),
      })),
    });
    const view = (paging?: unknown, who = user.id) => contentPlanView({ prisma: db.prisma }, who, plan.id, now, paging);

    const all = await view({ pageSize: 200 });
    expect(all.items).toHaveLength(130);
    expect(all.itemsPage).toEqual({ page: 1, pageSize: 200, total: 130 });
    // Today's order: slotted titles by slot, then the waiting ones by place, the id settling a tie.
    const expected = await db.prisma.contentPlanItem.findMany({
      where: { planId: plan.id },
      orderBy: [{ slotAt: { sort: "asc", nulls: "last" } }, { position: "asc" }, { id: "asc" }],
      select: { id: true },
    });
    expect(all.items.map((i) => i.id)).toEqual(expected.map((i) => i.id));
    expect(all.items.slice(-2).map((i) => i.title)).toEqual(["Title 129", "Title 130"]);

    const first = await view();
    expect(first.items).toHaveLength(50);
    expect(first.itemsPage).toEqual({ page: 1, pageSize: 50, total: 130 });
    // The figures are the whole plan's, not the page's.
    expect(first.counts).toEqual({
      planned: 85,
      preparing: 0,
      to_review: 3,
      approved: 1,
      published: 1,
      skipped: 40,
      failed: 0,
    });
    expect(first.nextSlotAt).toBe(day(1).toISOString());
    expect(first.delayNotice).toContain("The writer is busy.");
    const second = await view({ page: "2", pageSize: "50" });
    const third = await view({ page: 3 });
    expect(second.items.map((i) => i.id)).toEqual(all.items.slice(50, 100).map((i) => i.id));
    expect(third.items.map((i) => i.id)).toEqual(all.items.slice(100).map((i) => i.id));
    expect(first.items.find((i) => i.post?.id === published.id)?.status).toBe("published");
    expect(second.counts).toEqual(first.counts);
    const past = await view({ page: 4 });
    expect(past.items).toEqual([]);
    expect(past.itemsPage).toEqual({ page: 4, pageSize: 50, total: 130 });

    const [listed] = await listContentPlans({ prisma: db.prisma }, user.id, now);
    expect(listed).toMatchObject({ id: plan.id, counts: first.counts, nextSlotAt: first.nextSlotAt });
    expect(listed?.delayNotice).toBe(first.delayNotice);

    for (const [paging, message] of [
      [{ page: 0 }, "Give page as a whole number from 1 to 10,000."],
      [{ page: "two" }, "Give page as a whole number from 1 to 10,000."],
      [{ page: 1.5 }, "Give page as a whole number from 1 to 10,000."],
      [{ pageSize: 201 }, "Give pageSize as a whole number from 1 to 200."],
      [{ pageSize: "0" }, "Give pageSize as a whole number from 1 to 200."],
    ] as const) {
      const refused = await view(paging).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).status).toBe(400);
      expect((refused as AppError).message).toBe(message);
    }

    const stranger = await db.prisma.user.create({ data: { email: "pages2@example.com", password: "x" } });
    const hidden = await view({}, stranger.id).catch((error: unknown) => error);
    expect((hidden as AppError).status).toBe(404);
    expect(await listContentPlans({ prisma: db.prisma }, stranger.id, now)).toEqual([]);
  });
});
