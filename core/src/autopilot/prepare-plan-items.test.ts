import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startFakeOpenAI } from "../../../tests/fakes/openai/server.ts";
import { createWriter, type Writer } from "../ai/index.ts";
import { getEntitlements, usagePeriod } from "../billing/index.ts";
import { AppError } from "../errors/index.ts";
import { createTestDatabase, type TestDatabase } from "../testing/database.ts";
import { addPlanItems, createContentPlan } from "./content-plans.ts";
import { contentPlanView, skipPlanItem, updateContentPlan } from "./manage-plans.ts";
import {
  approvePlanItem,
  autopilotMessages,
  claimPlanItems,
  MAX_PREPARATION_ATTEMPTS,
  PREPARATION_LEASE_MS,
} from "./prepare-plan-items.ts";
import { createAutopilot } from "./run-autopilot.ts";

let db: TestDatabase;
let seq = 0;
const offline = createWriter({ openai: { apiKey: undefined, baseUrl: undefined, model: "gpt-4o-mini" } });

// Monday 2026-11-30 09:00 in Paris is 08:00 UTC; "now" is the Sunday before at 10:00 UTC, so Monday's slot is within a
// day (prepared now) and Thursday's is not.
const now = new Date("2026-11-29T10:00:00Z");
const mondaySlot = "2026-11-30T08:00:00.000Z";
const thursdaySlot = "2026-12-03T08:00:00.000Z";

beforeAll(async () => {
  db = await createTestDatabase({ maxConnections: 10 });
});
// A round works on every plan in the database: each test starts with none left from the one before.
afterEach(async () => {
  await db.prisma.contentPlan.deleteMany();
});
afterAll(async () => {
  await db?.close();
});

async function ownerWithPlan(
  options: {
    plan?: string;
    mode?: "review" | "auto";
    titles?: number;
    used?: number;
    cadence?: { weekdays: number[]; time: string; timeZone: string };
  } = {},
) {
  seq += 1;
  const plan = options.plan ?? "starter";
  const user = await db.prisma.user.create({
    data: {
      email: `autopilot${seq}@example.com`,
      password: "x",
      subscriptionPlan: plan,
      subscriptionStatus: plan === "free" ? "free" : "active",
    },
  });
  const connection = await db.prisma.wordpressConnection.create({
    data: {
      userId: user.id,
      siteName: "Blog",
      siteUrl: "https://blog.example",
      username: "ada",
      applicationPassword: "v1:x",
    },
  });
  const created = await createContentPlan({ prisma: db.prisma }, user.id, {
    name: "Weekly tips",
    platform: "wordpress",
    connectionId: connection.id,
    cadence: options.cadence ?? { weekdays: [1, 4], time: "09:00", timeZone: "Europe/Paris" },
    postsAhead: 2,
    mode: options.mode ?? "review",
  });
  const titles = Array.from({ length: options.titles ?? 2 }, (_, i) => ({
    title: `Autumn garden care, part ${i + 1}`,
    keywords: ["garden care", "autumn"],
  }));
  if (titles.length) await addPlanItems({ prisma: db.prisma }, user.id, created.id, titles);
  if (options.used) {
    // The month's posts already used, as the generation quota counts them.
    const { monthYear, resetAt } = usagePeriod(now);
    await db.prisma.userUsage.create({
      data: { userId: user.id, monthYear, resetAt, blogPostsGenerated: options.used },
    });
  }
  return { userId: user.id, planId: created.id };
}

const autopilot = (writer: Writer = offline, instanceId = "instance-a") => createAutopilot({ db, writer, instanceId });
const view = (userId: number, planId: number, at = now) => contentPlanView({ prisma: db.prisma }, userId, planId, at);
const postsOf = (userId: number) => db.prisma.blogPost.findMany({ where: { userId } });
const used = async (userId: number, at = now) =>
  (await getEntitlements({ prisma: db.prisma }, userId, at)).postsUsedThisMonth;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** A writer whose provider is down. */
const failingWriter: Writer = {
  generator: "failing",
  writePost: () => Promise.reject(new AppError("UNAVAILABLE", "The AI provider is not answering.")),
  optimizeTitle: () => Promise.reject(new AppError("UNAVAILABLE", "The AI provider is not answering.")),
};

describe("autopilot preparation", () => {
  it("gives titles their slots and prepares the one due within a day as a draft waiting for review", async () => {
    const { userId, planId } = await ownerWithPlan();
    const round = await autopilot().runOnce(now);
    expect(round.slotsGiven).toBe(2);
    expect(round.outcomes).toEqual(["prepared"]);

    const plan = await view(userId, planId);
    const [first, second] = plan.items;
    expect(first).toMatchObject({ slotAt: mondaySlot, status: "to_review" });
    expect(first!.post).toMatchObject({ status: "draft" });
    expect(first!.post!.seoScore).toBeGreaterThan(0);
    expect(second).toMatchObject({ slotAt: thursdaySlot, status: "planned", post: null });
    expect(plan.counts).toMatchObject({ to_review: 1, planned: 1 });
    expect(plan.nextSlotAt).toBe(mondaySlot);
    // Written and counted once; not scheduled until the owner approves.
    expect(await postsOf(userId)).toHaveLength(1);
    expect(await used(userId)).toBe(1);
    expect(await db.prisma.postPublication.count({ where: { userId } })).toBe(0);

    // A second round changes nothing: the slot has its post.
    expect((await autopilot().runOnce(now)).outcomes).toEqual([]);
    expect(await postsOf(userId)).toHaveLength(1);
  });

  it("writes each title exactly as the owner typed it, even without the keyphrase, which goes into the SEO title", async () => {
    const { userId, planId } = await ownerWithPlan({ titles: 0 });
    const title = "Why our grinders outlast the rest";
    await addPlanItems({ prisma: db.prisma }, userId, planId, [{ title, keywords: ["burr grinder"] }]);
    expect((await autopilot().runOnce(now)).outcomes).toEqual(["prepared"]);
    const [post] = await postsOf(userId);
    expect(post?.title).toBe(title);
    expect(post?.seoTitle?.toLowerCase()).toContain("burr grinder");
  });

  it("schedules an approved draft in its slot; a draft not approved in time is skipped, never published", async () => {
    const { userId, planId } = await ownerWithPlan({ titles: 1 });
    await autopilot().runOnce(now);
    const item = (await view(userId, planId)).items[0]!;

    const approved = await approvePlanItem({ db }, userId, item.id, now);
    expect(approved.status).toBe("approved");
    const publication = await db.prisma.postPublication.findFirstOrThrow({ where: { postId: item.post!.id } });
    expect(publication).toMatchObject({ platform: "wordpress", status: "pending" });
    expect(publication.dueAt?.toISOString()).toBe(mondaySlot);
    // Skipping an approved title cancels its schedule; the post stays a draft.
    const skipped = await skipPlanItem({ db }, userId, item.id);
    expect(skipped).toMatchObject({ status: "skipped", lastError: "Skipped by you." });
    expect((await db.prisma.postPublication.findFirstOrThrow({ where: { postId: item.post!.id } })).status).toBe(
      "cancelled",
    );

    const late = await ownerWithPlan({ titles: 1 });
    await autopilot().runOnce(now);
    const draft = (await view(late.userId, late.planId)).items[0]!;
    const atSlot = new Date(mondaySlot);
    const round = await autopilot().runOnce(atSlot);
    expect(round.skipped).toBeGreaterThanOrEqual(1);
    const after = (await view(late.userId, late.planId, atSlot)).items.find((i) => i.id === draft.id)!;
    expect(after).toMatchObject({ status: "skipped", lastError: autopilotMessages.notApprovedInTime });
    expect(await db.prisma.postPublication.count({ where: { userId: late.userId } })).toBe(0);
    const tooLate = await refusal(approvePlanItem({ db }, late.userId, draft.id, atSlot));
    expect(tooLate.status).toBe(409);
  });

  it("schedules the post in its slot at once when the plan publishes automatically and a model wrote it", async () => {
    const fake = await startFakeOpenAI();
    try {
      const model = createWriter({ openai: { apiKey: "test", baseUrl: fake.url, model: "fake-model" } });
      const { userId, planId } = await ownerWithPlan({ mode: "auto", titles: 1 });
      expect((await autopilot(model).runOnce(now)).outcomes).toEqual(["scheduled"]);
      const item = (await view(userId, planId)).items[0]!;
      expect(item.status).toBe("approved");
      const publication = await db.prisma.postPublication.findFirstOrThrow({ where: { postId: item.post!.id } });
      expect(publication.dueAt?.toISOString()).toBe(mondaySlot);
    } finally {
      await fake.close();
    }
  });

  it("leaves an automatic plan's draft written without an AI model waiting for approval, never published unseen", async () => {
    const { userId, planId } = await ownerWithPlan({ mode: "auto", titles: 1 });
    expect((await autopilot(offline).runOnce(now)).outcomes).toEqual(["prepared"]);
    const item = (await view(userId, planId)).items[0]!;
    expect(item.status).toBe("to_review");
    expect((await postsOf(userId))[0]?.generator).toBe("offline");
    expect(await db.prisma.postPublication.count({ where: { userId } })).toBe(0);
    // The owner's approval schedules it in its slot, as in review mode.
    await approvePlanItem({ db }, userId, item.id, now);
    const publication = await db.prisma.postPublication.findFirstOrThrow({ where: { postId: item.post!.id } });
    expect(publication.dueAt?.toISOString()).toBe(mondaySlot);
  });

  it("prepares each slot once when two instances run at the same moment", async () => {
    const { userId, planId } = await ownerWithPlan({ titles: 2 });
    // Both slots within reach: Thursday's preparation starts when "now" is the Wednesday.
    const wednesday = new Date("2026-12-02T09:00:00Z");
    await autopilot().runOnce(now);
    const rounds = await Promise.all([
      autopilot(offline, "instance-a").runOnce(wednesday),
      autopilot(offline, "instance-b").runOnce(wednesday),
    ]);
    expect(rounds.flatMap((r) => r.outcomes).filter((o) => o === "prepared")).toHaveLength(1);
    const plan = await view(userId, planId, wednesday);
    expect(plan.items.filter((i) => i.post)).toHaveLength(2);
    expect(await postsOf(userId)).toHaveLength(2);
    // Each counted once, in the month it was written.
    expect(await used(userId)).toBe(1);
    expect(await used(userId, wednesday)).toBe(1);
  });

  it("takes over a title whose instance died mid-preparation, and a late finish of the dead claim stores nothing", async () => {
    const { userId, planId } = await ownerWithPlan({ titles: 1 });
    await autopilot().runOnce(new Date(now.getTime() - 2 * 24 * 3600_000)); // slots given, nothing due yet
    // An instance claims the title and dies before writing anything.
    const [claimed] = await claimPlanItems(db, { owner: "dead-instance:1", now, limit: 5 });
    expect(claimed).toBeDefined();
    expect((await autopilot().runOnce(now)).outcomes).toEqual([]); // its lease still holds

    // A writer that, while writing, sees the claim taken over (as when an instance stalls past its lease).
    const stalling: Writer = {
      ...offline,
      generator: offline.generator,
      writePost: async (input, options) => {
        const written = await offline.writePost(input, options);
        await db.prisma.contentPlanItem.update({ where: { id: claimed! }, data: { leaseOwner: "someone-else" } });
        return written;
      },
      optimizeTitle: (input, options) => offline.optimizeTitle(input, options),
    };
    const afterLease = new Date(now.getTime() + PREPARATION_LEASE_MS + 60_000);
    expect((await autopilot(stalling).runOnce(afterLease)).outcomes).toEqual(["lost"]);
    expect(await postsOf(userId)).toHaveLength(0);
    expect(await used(userId)).toBe(0);

    // The lapsed claim is taken over again and the title prepared, once.
    const later = new Date(afterLease.getTime() + PREPARATION_LEASE_MS + 60_000);
    expect((await autopilot().runOnce(later)).outcomes).toEqual(["prepared"]);
    expect(await postsOf(userId)).toHaveLength(1);
    expect((await view(userId, planId, later)).items[0]!.status).toBe("to_review");
  });

  it("once started, claims the next title as soon as one is prepared, without waiting for the next round", async () => {
    // Three owners, each with a title due in two hours; one preparation at a time; rounds only once a year.
    const time = new Date(Date.now() + 2 * 3600_000).toISOString().slice(11, 16);
    const cadence = { weekdays: [1, 2, 3, 4, 5, 6, 7], time, timeZone: "UTC" };
    const owners = await Promise.all([1, 2, 3].map(() => ownerWithPlan({ titles: 1, cadence })));
    const running = createAutopilot({
      db,
      writer: offline,
      instanceId: "started",
      concurrency: 1,
      cronExpression: "0 0 1 1 *",
    });
    running.start();
    try {
      await vi.waitFor(
        async () => {
          const prepared = await db.prisma.contentPlanItem.count({
            where: { plan: { userId: { in: owners.map((o) => o.userId) } }, status: "to_review" },
          });
          expect(prepared).toBe(3);
        },
        { timeout: 20_000, interval: 200 },
      );
    } finally {
      await running.stop();
    }
  });

  it("pauses the plan of an account that lost scheduling (back on Free) with the upgrade reason, writing nothing", async () => {
    const { userId, planId } = await ownerWithPlan({ titles: 1 });
    await db.prisma.user.update({
      where: { id: userId },
      data: { subscriptionPlan: "free", subscriptionStatus: "free" },
    });
    expect((await autopilot().runOnce(now)).outcomes).toEqual(["paused"]);
    const plan = await view(userId, planId);
    expect(plan).toMatchObject({
      status: "paused",
      pausedReason: autopilotMessages.planWithoutScheduling,
      needsUpgrade: true,
    });
    expect(plan.items[0]).toMatchObject({ status: "planned", post: null });
    expect(await postsOf(userId)).toHaveLength(0);
    expect(await used(userId)).toBe(0);
  });

  it("pauses when the month's posts run out, and resuming clears the reason", async () => {
    const { userId, planId } = await ownerWithPlan({ titles: 1, used: 40 });
    expect((await autopilot().runOnce(now)).outcomes).toEqual(["paused"]);
    const paused = await view(userId, planId);
    expect(paused.status).toBe("paused");
    expect(paused.pausedReason).toMatch(/^This month's posts are used up, so this plan is paused\./);
    expect(await postsOf(userId)).toHaveLength(0);

    expect(paused.needsUpgrade).toBe(true);

    await updateContentPlan({ prisma: db.prisma }, userId, planId, { status: "active" });
    expect(await view(userId, planId)).toMatchObject({ status: "active", pausedReason: null, needsUpgrade: false });
  });

  it("retries a provider failure later, then marks the title failed with the reason, counting nothing", async () => {
    const { userId, planId } = await ownerWithPlan({ titles: 1 });
    expect((await autopilot(failingWriter).runOnce(now)).outcomes).toEqual(["retry"]);
    const delayed = await view(userId, planId);
    let item = delayed.items[0]!;
    expect(item).toMatchObject({ status: "planned", lastError: "The AI provider is not answering." });
    // One notice for the plan: what waits, why, and when the next try is (a minute later, in the plan's time zone).
    expect(delayed.delayNotice).toBe(
      "1 title could not be prepared yet: The AI provider is not answering. The next try is on Sun 29 Nov 2026, 11:01 " +
        "(Europe/Paris); a title is marked failed after 5 tries. Nothing is counted until a post is written.",
    );
    // Not tried again before its delay.
    expect((await autopilot(failingWriter).runOnce(new Date(now.getTime() + 30_000))).outcomes).toEqual([]);

    let at = now;
    for (let attempt = 2; attempt <= MAX_PREPARATION_ATTEMPTS; attempt++) {
      at = new Date(at.getTime() + 2 * 3600_000);
      const round = await autopilot(failingWriter).runOnce(at);
      expect(round.outcomes).toEqual([attempt === MAX_PREPARATION_ATTEMPTS ? "failed" : "retry"]);
    }
    item = (await view(userId, planId, at)).items[0]!;
    expect(item.status).toBe("failed");
    expect(item.lastError).toBe(autopilotMessages.providerFailed("The AI provider is not answering."));
    // Failed for good: its reason is on the title, and the plan's delay notice is gone.
    expect((await view(userId, planId, at)).delayNotice).toBeNull();
    expect(await postsOf(userId)).toHaveLength(0);
    expect(await used(userId)).toBe(0);
  });

  it("is the owner's alone: another account can neither approve nor skip", async () => {
    const { userId, planId } = await ownerWithPlan({ titles: 1 });
    await autopilot().runOnce(now);
    const item = (await view(userId, planId)).items[0]!;
    const stranger = await ownerWithPlan({ titles: 0 });
    expect((await refusal(approvePlanItem({ db }, stranger.userId, item.id, now))).status).toBe(404);
    expect((await refusal(skipPlanItem({ db }, stranger.userId, item.id))).status).toBe(404);
    expect((await refusal(view(stranger.userId, planId))).status).toBe(404);
  });
});
