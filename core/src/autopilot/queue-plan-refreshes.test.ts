import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createWriter } from "../ai/index.ts";
import { createTestDatabase, type TestDatabase } from "../testing/database.ts";
import { addPlanItems, createContentPlan } from "./content-plans.ts";
import { contentPlanView, updateContentPlan } from "./manage-plans.ts";
import { queuePlanRefreshes, REFRESH_PERIOD_MS } from "./queue-plan-refreshes.ts";
import { createAutopilot } from "./run-autopilot.ts";
import { sendAutopilotDigests } from "./send-digests.ts";

let db: TestDatabase;
let seq = 0;
const offline = createWriter({ openai: { apiKey: undefined, baseUrl: undefined, model: "gpt-4o-mini" } });

// Sunday 10:00 UTC; the plan publishes Mondays and Thursdays at 09:00 in Paris (08:00 UTC).
const now = new Date("2026-11-29T10:00:00Z");
const mondaySlot = "2026-11-30T08:00:00.000Z";
const thursdaySlot = "2026-12-03T08:00:00.000Z";
const DAY = 24 * 60 * 60_000;

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

/** The proposer the autopilot is given: here it keeps a proposal as the core's proposeRefresh does (state proposed). */
function proposer(at: () => Date = () => now) {
  const asked: number[] = [];
  const propose = async ({ userId, sitePostId }: { userId: number; sitePostId: number }) => {
    asked.push(sitePostId);
    const post = await db.prisma.sitePost.findFirstOrThrow({ where: { id: sitePostId, userId } });
    return db.prisma.postRefresh.create({
      data: {
        userId,
        platform: post.platform,
        connectionId: post.connectionId,
        remoteId: post.remoteId,
        url: post.url,
        title: post.title,
        keyphrase: post.keyphrase,
        generator: "offline",
        original: {},
        fingerprint: "f",
        createdAt: at(),
      },
    });
  };
  return { propose, asked };
}

async function ownerWithPlan(options: { queueRefreshes?: boolean; titles?: number } = {}) {
  seq += 1;
  const user = await db.prisma.user.create({
    data: {
      email: `plan-refresh${seq}@example.com`,
      password: "x",
      subscriptionPlan: "starter",
      subscriptionStatus: "active",
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
  const plan = await createContentPlan({ prisma: db.prisma }, user.id, {
    name: "Weekly tips",
    platform: "wordpress",
    connectionId: connection.id,
    cadence: { weekdays: [1, 4], time: "09:00", timeZone: "Europe/Paris" },
    postsAhead: 2,
    queueRefreshes: options.queueRefreshes ?? true,
  });
  const titles = Array.from({ length: options.titles ?? 0 }, (_, i) => ({
    title: `Autumn garden care, part ${i + 1}`,
    keywords: ["garden care", "autumn"],
  }));
  if (titles.length) await addPlanItems({ prisma: db.prisma }, user.id, plan.id, titles);
  const post = (title: string, figures: { opportunity: number; clicks?: number; previousClicks?: number }) =>
    db.prisma.sitePost.create({
      data: {
        userId: user.id,
        platform: "wordpress",
        connectionId: connection.id,
        remoteId: `${seq}-${title}`,
        url: `https://blog.example/${title.toLowerCase().replaceAll(" ", "-")}`,
        title,
        words: 600,
        score: 50,
        keyphrase: title.toLowerCase(),
        keyphraseSource: "title",
        analysedAt: now,
        clicks: figures.clicks ?? null,
        previousClicks: figures.previousClicks ?? null,
        opportunity: figures.opportunity,
      },
    });
  return { userId: user.id, planId: plan.id, connectionId: connection.id, post };
}

const view = (userId: number, planId: number, at = now) => contentPlanView({ prisma: db.prisma }, userId, planId, at);

describe("the autopilot queues refreshes for review", () => {
  it("proposes the post losing visitors before the one with the highest opportunity, and waits for review", async () => {
    const { userId, planId, post } = await ownerWithPlan();
    await post("Pruning roses", { opportunity: 90 });
    const losing = await post("Winter bulbs", { opportunity: 20, clicks: 40, previousClicks: 100 });
    const { propose, asked } = proposer();

    const queued = await queuePlanRefreshes({ prisma: db.prisma, proposeRefresh: propose }, now);
    expect(queued).toHaveLength(1);
    expect(asked).toEqual([losing.id]);

    const plan = await view(userId, planId);
    expect(plan.queueRefreshes).toBe(true);
    expect(plan.refreshes).toEqual([
      expect.objectContaining({ id: queued[0], title: "Winter bulbs", state: "proposed", slotAt: mondaySlot }),
    ]);
    // Nothing is published: the refresh waits, and later rounds leave it waiting even once its slot has passed.
    await createAutopilot({ db, writer: offline, instanceId: "a", proposeRefresh: propose }).runOnce(
      new Date(now.getTime() + 2 * DAY),
    );
    const refresh = await db.prisma.postRefresh.findUniqueOrThrow({ where: { id: queued[0] } });
    expect(refresh).toMatchObject({ state: "proposed", publishedAt: null, previous: null });
  });

  it("tells the owner of the waiting refresh in the daily digest, with a link to it", async () => {
    const { post } = await ownerWithPlan();
    await post("Pruning roses", { opportunity: 90 });
    const { propose } = proposer();
    const [refreshId] = await queuePlanRefreshes({ prisma: db.prisma, proposeRefresh: propose }, now);
    const sent: { subject: string; text: string }[] = [];
    await sendAutopilotDigests(
      { prisma: db.prisma, appUrl: "https://app.example", mailer: { send: async (m) => void sent.push(m) } },
      now,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain("1 refresh to review");
    expect(sent[0]!.text).toContain(
      `- Refresh of "Pruning roses" (Weekly tips) https://app.example/refreshes/${refreshId}`,
    );
  });

  it("takes one of the plan's slots, so the plan's titles and refreshes together stay within its posts ahead", async () => {
    const { userId, planId, post } = await ownerWithPlan({ titles: 3 });
    await post("Pruning roses", { opportunity: 90 });
    const { propose } = proposer();

    const round = await createAutopilot({ db, writer: offline, instanceId: "a", proposeRefresh: propose }).runOnce(now);
    // Two slots ahead: Monday's goes to the refresh, Thursday's to the first title; the others wait.
    expect(round.slotsGiven).toBe(1);
    const plan = await view(userId, planId);
    expect(plan.refreshes.map((r) => r.slotAt)).toEqual([mondaySlot]);
    expect(plan.items.filter((item) => item.slotAt).map((item) => item.slotAt)).toEqual([thursdaySlot]);
    expect(plan.items.filter((item) => item.post)).toHaveLength(0);
  });

  it("proposes at most one a week, never the same post twice while one waits, nor a post refreshed recently", async () => {
    const { userId, planId, post, connectionId } = await ownerWithPlan();
    const first = await post("Pruning roses", { opportunity: 90 });
    const second = await post("Winter bulbs", { opportunity: 60 });
    const recent = await post("Compost basics", { opportunity: 80 });
    // Refreshed (published) a month ago, by hand.
    await db.prisma.postRefresh.create({
      data: {
        userId,
        platform: "wordpress",
        connectionId,
        remoteId: recent.remoteId,
        url: recent.url,
        title: recent.title,
        keyphrase: recent.keyphrase,
        generator: "offline",
        original: {},
        fingerprint: "f",
        state: "published",
        publishedAt: new Date(now.getTime() - 30 * DAY),
        createdAt: new Date(now.getTime() - 30 * DAY),
      },
    });
    let at = now;
    const { propose, asked } = proposer(() => at);
    const queue = () => queuePlanRefreshes({ prisma: db.prisma, proposeRefresh: propose }, at);

    expect(await queue()).toHaveLength(1);
    // The same week: nothing more, even with a slot free.
    at = new Date(now.getTime() + 2 * DAY);
    expect(await queue()).toEqual([]);
    // A week later, the first still waits for review: the next post is proposed, not the first again.
    at = new Date(now.getTime() + REFRESH_PERIOD_MS + DAY);
    expect(await queue()).toHaveLength(1);
    expect(asked).toEqual([first.id, second.id]);
    expect((await view(userId, planId, at)).refreshes.map((r) => r.title)).toEqual(["Winter bulbs", "Pruning roses"]);
  });

  it("two instances at once keep one proposal", async () => {
    const { userId, planId, post } = await ownerWithPlan();
    await post("Pruning roses", { opportunity: 90 });
    const { propose } = proposer();
    const deps = { prisma: db.prisma, proposeRefresh: propose };
    const [a, b] = await Promise.all([queuePlanRefreshes(deps, now), queuePlanRefreshes(deps, now)]);
    expect([...a, ...b]).toHaveLength(1);
    expect((await view(userId, planId)).refreshes).toHaveLength(1);
    expect(await db.prisma.postRefresh.count({ where: { userId } })).toBe(1);
  });

  it("queues nothing unless the owner turned it on, and stops when they turn it off", async () => {
    const { userId, planId, post } = await ownerWithPlan({ queueRefreshes: false });
    await post("Pruning roses", { opportunity: 90 });
    const { propose, asked } = proposer();
    expect(await queuePlanRefreshes({ prisma: db.prisma, proposeRefresh: propose }, now)).toEqual([]);
    expect((await view(userId, planId)).queueRefreshes).toBe(false);

    await updateContentPlan({ prisma: db.prisma }, userId, planId, { queueRefreshes: true });
    expect(await queuePlanRefreshes({ prisma: db.prisma, proposeRefresh: propose }, now)).toHaveLength(1);
    expect(asked).toHaveLength(1);
  });
});
