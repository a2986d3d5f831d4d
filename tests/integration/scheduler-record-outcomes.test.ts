// The scheduler writes the results of publications that finish together in one transaction. These tests check what a
// user would see after such a batch: each publication and its post as if it had been written on its own, a post
// published on two platforms in the same batch marked published with both article ids, a publication whose lease was
// taken over left as its new holder wrote it, and one outcome that cannot be written not costing the others theirs.
import { schedulePost } from "@postwright/core/scheduling";
import { createTestDatabase, type TestDatabase } from "@postwright/core/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createOutcomeRecorder } from "../../core/src/scheduling/create-outcome-recorder.ts";
import { recordOutcomes, type OutcomeToRecord } from "../../core/src/scheduling/record-outcomes.ts";
import { seedPost, seedUser } from "../support/scheduler/seed.ts";

let db: TestDatabase;
let userId: number;
const t0 = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60 * 60_000);
const at = (ms: number) => new Date(t0.getTime() + ms);

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await db.prisma.user.deleteMany();
  userId = await seedUser(db);
});

/** A post scheduled on `platforms`, each publication claimed by `owner` as the scheduler would have. */
async function claimedPost(platforms: Array<"shopify" | "wordpress">, owner = "claim-1") {
  const postId = await seedPost(db, userId);
  await schedulePost({ db }, { userId, postId, scheduledDate: at(0), platforms, now: at(-60_000) });
  await db.prisma.postPublication.updateMany({
    where: { postId },
    data: { status: "publishing", attempts: 1, leaseOwner: owner, leaseUntil: at(60_000) },
  });
  const rows = await db.prisma.postPublication.findMany({ where: { postId }, orderBy: { platform: "asc" } });
  return { postId, publications: Object.fromEntries(rows.map((r) => [r.platform, r.id])) as Record<string, number> };
}

function published(postId: number, publicationId: number, platform: "shopify" | "wordpress", remoteId: string) {
  return {
    publicationId,
    postId,
    platform,
    leaseOwner: "claim-1",
    update: { status: "published", remoteId, remoteUrl: `https://example.com/${remoteId}` },
    at: at(5000),
  } satisfies OutcomeToRecord;
}

const post = (postId: number) => db.prisma.blogPost.findUniqueOrThrow({ where: { id: postId } });

describe("recording the outcomes of several publications at once", () => {
  it("records each one and derives each post's status as if they had been written one by one", async () => {
    const both = await claimedPost(["shopify", "wordpress"]);
    const failing = await claimedPost(["shopify"]);
    const retried = await claimedPost(["wordpress"]);

    const results = await recordOutcomes(db, [
      published(both.postId, both.publications.shopify!, "shopify", "gid://shopify/Article/1"),
      {
        publicationId: failing.publications.shopify!,
        postId: failing.postId,
        platform: "shopify",
        leaseOwner: "claim-1",
        update: { status: "failed", lastError: "Shopify rejected the article: Title is too long" },
        at: at(5000),
      },
      published(both.postId, both.publications.wordpress!, "wordpress", "77"),
      {
        publicationId: retried.publications.wordpress!,
        postId: retried.postId,
        platform: "wordpress",
        leaseOwner: "claim-1",
        update: { status: "pending", retryAt: at(65_000), lastError: "WordPress did not answer in time." },
        at: at(5000),
      },
    ]);

    expect(results.map((r) => r?.status)).toEqual(["published", "failed", "published", "pending"]);
    expect(results[0]).toMatchObject({
      remoteId: "gid://shopify/Article/1",
      remoteUrl: "https://example.com/gid://shopify/Article/1",
      publishedAt: at(5000),
      leaseOwner: null,
      leaseUntil: null,
      lastError: null,
    });
    expect(await post(both.postId)).toMatchObject({
      status: "published",
      isScheduled: false,
      lastError: null,
      shopifyArticleId: "gid://shopify/Article/1",
      wordpressPostId: "77",
    });
    expect(await post(failing.postId)).toMatchObject({
      status: "failed",
      isScheduled: false,
      lastError: "Shopify: Shopify rejected the article: Title is too long",
      shopifyArticleId: null,
    });
    expect(await post(retried.postId)).toMatchObject({ status: "scheduled", isScheduled: true });
    expect(
      await db.prisma.postPublication.findUniqueOrThrow({ where: { id: retried.publications.wordpress! } }),
    ).toMatchObject({ status: "pending", dueAt: at(65_000), lastError: "WordPress did not answer in time.", leaseOwner: null });
  });

  it("keeps a post scheduled while its other platform is still publishing", async () => {
    const both = await claimedPost(["shopify", "wordpress"]);
    const [shopify] = await recordOutcomes(db, [published(both.postId, both.publications.shopify!, "shopify", "a1")]);
    expect(shopify).toMatchObject({ status: "published" });
    expect(await post(both.postId)).toMatchObject({ status: "scheduled", shopifyArticleId: "a1", wordpressPostId: null });
  });

  it("leaves a publication whose lease was taken over as its new holder wrote it", async () => {
    const mine = await claimedPost(["shopify"]);
    const taken = await claimedPost(["shopify"], "claim-2");
    const before = await post(taken.postId);

    const results = await recordOutcomes(db, [
      published(taken.postId, taken.publications.shopify!, "shopify", "late"),
      published(mine.postId, mine.publications.shopify!, "shopify", "mine"),
    ]);

    expect(results[0]).toBeNull();
    expect(results[1]).toMatchObject({ status: "published", remoteId: "mine" });
    expect(await db.prisma.postPublication.findUniqueOrThrow({ where: { id: taken.publications.shopify! } })).toMatchObject({
      status: "publishing",
      leaseOwner: "claim-2",
      remoteId: null,
    });
    expect(await post(taken.postId)).toMatchObject({ status: before.status, shopifyArticleId: null });
  });

  it("groups outcomes that arrive together, and one that cannot be written does not cost the others theirs", async () => {
    const record = createOutcomeRecorder(db);
    const first = await claimedPost(["shopify"]);
    const second = await claimedPost(["shopify"]);
    const broken = { ...published(first.postId, 0.5, "shopify", "broken"), leaseOwner: "claim-1" };

    const results = await Promise.allSettled([
      record(published(first.postId, first.publications.shopify!, "shopify", "one")),
      record(broken),
      record(published(second.postId, second.publications.shopify!, "shopify", "two")),
    ]);

    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await post(first.postId)).toMatchObject({ status: "published", shopifyArticleId: "one" });
    expect(await post(second.postId)).toMatchObject({ status: "published", shopifyArticleId: "two" });
  });
});
