// Scheduling, rescheduling and cancelling, on PGlite by default and on PostgreSQL with TEST_DATABASE_URL.
import { AppError } from "@postwright/core/errors";
import { cancelSchedule, schedulePost } from "@postwright/core/scheduling";
import { createTestDatabase, type TestDatabase } from "@postwright/core/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { seedPost, seedUser } from "../support/scheduler/seed.ts";

let db: TestDatabase;
let userId: number;
let postId: number;
const now = new Date("2026-11-22T10:00:00Z");
const tomorrow = new Date("2026-11-23T09:00:00Z");

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await db.prisma.user.deleteMany();
  userId = await seedUser(db);
  postId = await seedPost(db, userId);
});

const publicationsOf = (id: number) =>
  db.prisma.postPublication.findMany({ where: { postId: id }, orderBy: { platform: "asc" } });

async function expectAppError(promise: Promise<unknown>, status: number, message: string | RegExp) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(status);
  expect((error as AppError).message).toMatch(message);
}

describe("schedulePost", () => {
  it("schedules the post with one waiting publication per platform", async () => {
    const post = await schedulePost(
      { db },
      { userId, postId, scheduledDate: tomorrow.toISOString(), platforms: ["shopify", "wordpress", "shopify"], now },
    );
    expect(post).toMatchObject({
      status: "scheduled",
      isScheduled: true,
      scheduledPublishDate: tomorrow,
      scheduledPlatforms: ["shopify", "wordpress"],
    });
    expect(post.publications.map((p) => [p.platform, p.status, p.dueAt?.toISOString(), p.attempts])).toEqual([
      ["shopify", "pending", tomorrow.toISOString(), 0],
      ["wordpress", "pending", tomorrow.toISOString(), 0],
    ]);
  });

  it("refuses a time in the past and changes nothing", async () => {
    await expectAppError(
      schedulePost({ db }, { userId, postId, scheduledDate: "2026-11-22T09:59:00Z", platforms: ["shopify"], now }),
      400,
      "Choose a time in the future.",
    );
    await expectAppError(
      schedulePost({ db }, { userId, postId, scheduledDate: now, platforms: ["shopify"], now }),
      400,
      "Choose a time in the future.",
    );
    expect(await publicationsOf(postId)).toEqual([]);
    expect(await db.prisma.blogPost.findUniqueOrThrow({ where: { id: postId } })).toMatchObject({
      status: "draft",
      isScheduled: false,
    });
  });

  it("refuses a date it cannot read, no platform, or an unknown platform", async () => {
    await expectAppError(
      schedulePost({ db }, { userId, postId, scheduledDate: "tomorrow morning", platforms: ["shopify"], now }),
      400,
      "Choose a valid date and time.",
    );
    await expectAppError(
      schedulePost({ db }, { userId, postId, scheduledDate: tomorrow, platforms: [], now }),
      400,
      "Choose at least one platform.",
    );
    await expectAppError(
      schedulePost({ db }, { userId, postId, scheduledDate: tomorrow, platforms: ["medium"], now }),
      400,
      "Platforms must be shopify or wordpress.",
    );
  });

  it("does not let a user schedule someone else's post", async () => {
    const intruder = await seedUser(db, "Eve");
    await expectAppError(
      schedulePost({ db }, { userId: intruder, postId, scheduledDate: tomorrow, platforms: ["shopify"], now }),
      404,
      "Blog post not found.",
    );
    expect(await publicationsOf(postId)).toEqual([]);
  });

  it("asks the caller's entitlement check and stops when it refuses", async () => {
    const assertCanSchedule = vi.fn(async () => {
      throw new AppError("FORBIDDEN", "Scheduling is part of the Starter plan. Upgrade to schedule posts.");
    });
    await expectAppError(
      schedulePost({ db, assertCanSchedule }, { userId, postId, scheduledDate: tomorrow, platforms: ["wordpress"], now }),
      403,
      /Upgrade to schedule posts/,
    );
    expect(assertCanSchedule).toHaveBeenCalledWith(userId, ["wordpress"]);
    expect(await publicationsOf(postId)).toEqual([]);
  });

  it("reschedules with the same call: new time, errors cleared, dropped platforms cancelled", async () => {
    await schedulePost({ db }, { userId, postId, scheduledDate: tomorrow, platforms: ["shopify", "wordpress"], now });
    // The first attempt had failed for good.
    await db.prisma.postPublication.updateMany({
      where: { postId },
      data: { status: "failed", attempts: 5, lastError: "The store is closed." },
    });
    await db.prisma.blogPost.update({ where: { id: postId }, data: { status: "failed", lastError: "Shopify: The store is closed." } });

    const later = new Date("2026-11-24T15:30:00Z");
    const post = await schedulePost({ db }, { userId, postId, scheduledDate: later, platforms: ["shopify"], now });
    expect(post).toMatchObject({
      status: "scheduled",
      isScheduled: true,
      lastError: null,
      scheduledPublishDate: later,
      scheduledPlatforms: ["shopify"],
    });
    expect(post.publications.map((p) => [p.platform, p.status, p.dueAt?.toISOString(), p.attempts, p.lastError])).toEqual([
      ["shopify", "pending", later.toISOString(), 0, null],
      ["wordpress", "cancelled", tomorrow.toISOString(), 5, "The store is closed."],
    ]);
  });

  it("keeps a published article's id when a republication is scheduled", async () => {
    await db.prisma.postPublication.create({
      data: { postId, userId, platform: "shopify", status: "published", remoteId: "gid://shopify/Article/7", publishedAt: now },
    });
    const post = await schedulePost({ db }, { userId, postId, scheduledDate: tomorrow, platforms: ["shopify"], now });
    expect(post.publications).toMatchObject([{ platform: "shopify", status: "pending", remoteId: "gid://shopify/Article/7" }]);
  });

  it("refuses to reschedule a platform while it is being published", async () => {
    await schedulePost({ db }, { userId, postId, scheduledDate: tomorrow, platforms: ["shopify"], now });
    await db.prisma.postPublication.updateMany({
      where: { postId },
      data: { status: "publishing", leaseOwner: "other-instance", leaseUntil: tomorrow },
    });
    await expectAppError(
      schedulePost({ db }, { userId, postId, scheduledDate: tomorrow, platforms: ["shopify"], now }),
      409,
      "This post is being published to Shopify right now. Try again in a minute.",
    );
    expect(await publicationsOf(postId)).toMatchObject([{ status: "publishing", leaseOwner: "other-instance" }]);
  });
});

describe("cancelSchedule", () => {
  it("cancels the waiting publications and puts a never published post back to draft", async () => {
    await schedulePost({ db }, { userId, postId, scheduledDate: tomorrow, platforms: ["shopify", "wordpress"], now });
    const post = await cancelSchedule({ db }, { userId, postId });
    expect(post).toMatchObject({ status: "draft", isScheduled: false, scheduledPublishDate: null, scheduledPlatforms: [] });
    expect(post.publications.map((p) => p.status)).toEqual(["cancelled", "cancelled"]);
  });

  it("puts a post that is live on a platform back to published", async () => {
    await db.prisma.postPublication.create({
      data: { postId, userId, platform: "shopify", status: "published", remoteId: "7", publishedAt: now },
    });
    await db.prisma.blogPost.update({ where: { id: postId }, data: { status: "published", shopifyArticleId: "7" } });
    await schedulePost({ db }, { userId, postId, scheduledDate: tomorrow, platforms: ["shopify", "wordpress"], now });
    const post = await cancelSchedule({ db }, { userId, postId });
    expect(post).toMatchObject({ status: "published", isScheduled: false, shopifyArticleId: "7" });
    expect(post.publications.map((p) => [p.platform, p.status, p.remoteId])).toEqual([
      ["shopify", "cancelled", "7"],
      ["wordpress", "cancelled", null],
    ]);
  });

  it("changes nothing on a post that is not scheduled", async () => {
    const post = await cancelSchedule({ db }, { userId, postId });
    expect(post).toMatchObject({ status: "draft", isScheduled: false, publications: [] });
  });

  it("does not let a user cancel someone else's schedule", async () => {
    await schedulePost({ db }, { userId, postId, scheduledDate: tomorrow, platforms: ["shopify"], now });
    const intruder = await seedUser(db, "Eve");
    await expectAppError(cancelSchedule({ db }, { userId: intruder, postId }), 404, "Blog post not found.");
    expect(await publicationsOf(postId)).toMatchObject([{ status: "pending" }]);
  });
});
