import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors/index.ts";
import { createTestDatabase, type TestDatabase } from "../testing/database.ts";
import { addPlanItems, assignPlanSlots, createContentPlan, getContentPlan, importPlanCsv } from "./content-plans.ts";
import type { CreatePlanInput } from "./plan-actions.ts";

let db: TestDatabase;
let ownerId: number;
let strangerId: number;
let wordpressId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  ownerId = (
    await db.prisma.user.create({
      data: { email: "owner@example.com", password: "x", subscriptionPlan: "starter", subscriptionStatus: "active" },
    })
  ).id;
  strangerId = (await db.prisma.user.create({ data: { email: "stranger@example.com", password: "x" } })).id;
  wordpressId = (
    await db.prisma.wordpressConnection.create({
      data: {
        userId: ownerId,
        siteName: "Blog",
        siteUrl: "https://blog.example",
        username: "ada",
        applicationPassword: "v1:x",
      },
    })
  ).id;
});
afterAll(async () => {
  await db?.close();
});

const deps = () => ({ prisma: db.prisma });
// Overrides may be values no typed caller could send (a JSON body): the core checks them again.
const planInput = (overrides: Record<string, unknown> = {}): CreatePlanInput =>
  ({
    name: "Weekly tips",
    platform: "wordpress",
    connectionId: wordpressId,
    cadence: { weekdays: [1, 4], time: "09:00", timeZone: "Europe/Paris" },
    postsAhead: 3,
    ...overrides,
  }) as CreatePlanInput;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("content plans", () => {
  it("creates a plan for the owner's own connection only, drafts for review by default", async () => {
    const plan = await createContentPlan(deps(), ownerId, planInput());
    expect(plan).toMatchObject({ mode: "review", status: "active", weekdays: [1, 4], publishTime: "09:00" });
    const foreign = await refusal(createContentPlan(deps(), strangerId, planInput()));
    expect(foreign.status).toBe(400);
    expect(foreign.message).toBe("Connect the site first: the plan publishes through one of your connections.");
    const badCadence = await refusal(
      createContentPlan(deps(), ownerId, planInput({ cadence: { weekdays: [], time: "9", timeZone: "UTC" } })),
    );
    expect(badCadence.message).toBe("Choose at least one weekday to publish on.");
  });

  it("makes a plan that the account's plan cannot run paused from the start, with the upgrade reason", async () => {
    const free = await db.prisma.user.create({ data: { email: "free-owner@example.com", password: "x" } });
    const connection = await db.prisma.wordpressConnection.create({
      data: {
        userId: free.id,
        siteName: "Blog",
        siteUrl: "https://free.example",
        username: "ada",
        applicationPassword: "v1:x",
      },
    });
    const plan = await createContentPlan(deps(), free.id, planInput({ connectionId: connection.id }));
    expect(plan).toMatchObject({
      status: "paused",
      pausedReason:
        "Autopilot runs on the Starter plan and above, so this plan is paused. Upgrade to let it write and publish.",
    });
  });

  it("says how many titles can be added at once, and that a CSV file takes more", async () => {
    const plan = await createContentPlan(deps(), ownerId, planInput());
    const many = Array.from({ length: 101 }, (_, i) => ({ title: `Title ${i}`, keywords: ["k"] }));
    const refused = await refusal(addPlanItems(deps(), ownerId, plan.id, many));
    expect(refused).toMatchObject({
      status: 400,
      message: "Add at most 100 titles at a time; import a CSV file for more.",
    });
    expect((await refusal(addPlanItems(deps(), ownerId, plan.id, []))).message).toBe("Give at least one title.");
  });

  it("refuses a keyword longer than 100 characters, typed or imported, with the same limit", async () => {
    const plan = await createContentPlan(deps(), ownerId, planInput());
    const typed = await refusal(
      addPlanItems(deps(), ownerId, plan.id, [{ title: "Long", keywords: ["k".repeat(101)] }]),
    );
    expect(typed.status).toBe(400);
    expect(typed.message).toBe("Keep each keyword to 100 characters or fewer.");
    const imported = await refusal(
      importPlanCsv(deps(), ownerId, plan.id, `title,keywords\nLong,${"k".repeat(101)}\n`),
    );
    expect(imported.status).toBe(422);
    expect(imported.details?.problems).toEqual([
      { line: 2, reason: `The keyword "${"k".repeat(30)}..." is longer than 100 characters.` },
    ]);
    expect((await getContentPlan(deps(), ownerId, plan.id)).items).toHaveLength(0);
  });

  it("imports a CSV all or nothing, and reports each bad row with its line", async () => {
    const plan = await createContentPlan(deps(), ownerId, planInput());
    const bad = await refusal(importPlanCsv(deps(), ownerId, plan.id, "title,keywords\nGood,seo\n,seo\nAlso good,\n"));
    expect(bad.status).toBe(422);
    expect(bad.message).toBe("Nothing was imported: 2 rows need fixing (first, line 3: The title is empty.)");
    expect(bad.details?.problems).toEqual([
      { line: 3, reason: "The title is empty." },
      { line: 4, reason: "Give at least one keyword." },
    ]);
    expect((await getContentPlan(deps(), ownerId, plan.id)).items).toHaveLength(0);

    expect(await importPlanCsv(deps(), ownerId, plan.id, "title,keywords\nFirst,seo\nSecond,seo;tips\n")).toEqual({
      added: 2,
    });
    expect(await addPlanItems(deps(), ownerId, plan.id, [{ title: "Third", keywords: ["x"] }])).toEqual({ added: 1 });
    const { items } = await getContentPlan(deps(), ownerId, plan.id);
    expect(items.map((i) => [i.title, i.position])).toEqual([
      ["First", 1],
      ["Second", 2],
      ["Third", 3],
    ]);
  });

  it("never shows or changes another owner's plan", async () => {
    const plan = await createContentPlan(deps(), ownerId, planInput());
    // Each attempt starts only when the one before has been checked (none is left to reject unobserved).
    const attempts = [
      () => getContentPlan(deps(), strangerId, plan.id),
      () => addPlanItems(deps(), strangerId, plan.id, [{ title: "Mine now", keywords: ["x"] }]),
      () => importPlanCsv(deps(), strangerId, plan.id, "title,keywords\nA,b\n"),
      () => assignPlanSlots(deps(), strangerId, plan.id),
    ];
    for (const attempt of attempts) {
      const error = await refusal(attempt());
      expect(error.status).toBe(404);
    }
    expect((await getContentPlan(deps(), ownerId, plan.id)).items).toHaveLength(0);
  });

  it("gives waiting titles the next slots in order, up to the posts ahead, honouring a preferred day", async () => {
    const plan = await createContentPlan(deps(), ownerId, planInput({ postsAhead: 3 }));
    const now = new Date("2026-11-23T12:00:00Z"); // Monday, 13:00 in Paris: Monday's slot has passed.
    await importPlanCsv(
      deps(),
      ownerId,
      plan.id,
      "title,keywords,date\nLate one,seo,2026-12-03\nFirst,seo,\nSecond,seo,\nFourth,seo,\n",
      now,
    );
    const given = await assignPlanSlots(deps(), ownerId, plan.id, now);
    const byTitle = async () =>
      Object.fromEntries(
        (await getContentPlan(deps(), ownerId, plan.id)).items.map((i) => [i.title, i.slotAt?.toISOString() ?? null]),
      );
    expect(given).toHaveLength(3);
    expect(await byTitle()).toEqual({
      First: "2026-11-26T08:00:00.000Z", // Thursday 09:00 Paris
      Second: "2026-11-30T08:00:00.000Z", // Monday
      "Late one": "2026-12-03T08:00:00.000Z", // Thursday, the day asked for
      Fourth: null,
    });
    // Nothing more until a slot has passed; then the next title takes the next slot.
    expect(await assignPlanSlots(deps(), ownerId, plan.id, now)).toEqual([]);
    const afterFirst = new Date("2026-11-26T09:00:00Z");
    expect(await assignPlanSlots(deps(), ownerId, plan.id, afterFirst)).toEqual([
      { id: expect.any(Number), slotAt: new Date("2026-12-07T08:00:00.000Z") },
    ]);
  });
});
