// The autopilot's API: a plan built, titles added and imported, a round of the app's autopilot preparing the first
// slot's draft, the owner approving, editing, skipping, pausing and deleting; strangers refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentPlanDetailView, ContentPlanItemView, ContentPlanView } from "@postwright/core/contracts";
import { createAppAutopilot } from "../background.ts";
import { createTestApp, type TestAgent, type TestApp } from "../testing/index.ts";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function owner(plan: "free" | "starter" = "starter"): Promise<{ agent: TestAgent; connectionId: number }> {
  const agent = app.agent();
  const { user } = await app.signUpAndLogin(agent);
  await app.db.prisma.user.update({
    where: { id: user.id },
    data: { subscriptionPlan: plan, subscriptionStatus: plan === "free" ? "free" : "active" },
  });
  const connection = await app.db.prisma.wordpressConnection.create({
    data: {
      userId: user.id,
      siteName: "Garden blog",
      siteUrl: "https://garden.example",
      username: "ada",
      applicationPassword: "v1:x",
    },
  });
  return { agent, connectionId: connection.id };
}

const planBody = (connectionId: number, overrides: Record<string, unknown> = {}) => ({
  name: "Garden tips",
  platform: "wordpress",
  connectionId,
  cadence: { weekdays: [1, 3, 5], time: "09:00", timeZone: "Europe/Paris" },
  postsAhead: 2,
  ...overrides,
});

describe("content plans API", () => {
  it("builds a plan, gives its titles slots, prepares the first for review, and lets the owner approve it", async () => {
    const { agent, connectionId } = await owner();
    const created = await agent.post("/api/content-plans").send(planBody(connectionId));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const plan = created.body as ContentPlanDetailView;
    expect(plan).toMatchObject({
      name: "Garden tips",
      mode: "review",
      status: "active",
      cadence: { weekdays: [1, 3, 5], time: "09:00", timeZone: "Europe/Paris" },
      items: [],
    });

    const added = await agent.post(`/api/content-plans/${plan.id}/items`).send({
      items: [
        { title: "Planting bulbs in autumn", keywords: ["autumn bulbs", "planting"] },
        { title: "Pruning roses", keywords: ["rose pruning"], notes: "For beginners" },
        { title: "Winter compost", keywords: ["compost"] },
      ],
    });
    expect(added.body).toEqual({ added: 3 });
    const withSlots = (await agent.get(`/api/content-plans/${plan.id}`)).body as ContentPlanDetailView;
    // Two posts ahead: the first two titles have the next two slots, the third waits.
    const [first, second, third] = withSlots.items;
    expect(first!.slotAt && second!.slotAt).toBeTruthy();
    expect(new Date(first!.slotAt!).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(second!.slotAt!).getTime()).toBeGreaterThan(new Date(first!.slotAt!).getTime());
    expect(third).toMatchObject({ title: "Winter compost", slotAt: null, status: "planned" });
    expect(withSlots.nextSlotAt).toBe(first!.slotAt);

    // The background round an hour before the first slot writes its draft.
    const round = await createAppAutopilot(app.ctx, { concurrency: 50 }).runOnce(
      new Date(new Date(first!.slotAt!).getTime() - 3_600_000),
    );
    expect(round.outcomes).toContain("prepared");
    const prepared = (await agent.get(`/api/content-plans/${plan.id}`)).body as ContentPlanDetailView;
    const draft = prepared.items.find((item) => item.id === first!.id)!;
    expect(draft.status).toBe("to_review");
    expect(draft.post).toMatchObject({ status: "draft" });
    const post = await agent.get(`/api/blog-posts/${draft.post!.id}`);
    expect(post.status).toBe(200);
    expect(post.body.title).toBeTruthy();

    const approved = await agent.post(`/api/content-plans/${plan.id}/items/${draft.id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((approved.body as ContentPlanItemView).status).toBe("approved");
    const scheduled = await agent.get(`/api/blog-posts/${draft.post!.id}`);
    expect(scheduled.body).toMatchObject({ isScheduled: true, scheduledPlatforms: ["wordpress"] });
    expect(new Date(scheduled.body.scheduledPublishDate as string).toISOString()).toBe(draft.slotAt);

    // A prepared or approved title cannot be edited as a waiting one; a waiting title can, and can be skipped.
    const editApproved = await agent.patch(`/api/content-plans/${plan.id}/items/${draft.id}`).send({ title: "Other" });
    expect(editApproved.status).toBe(409);
    const edited = await agent
      .patch(`/api/content-plans/${plan.id}/items/${second!.id}`)
      .send({ title: "Pruning roses in March" });
    expect(edited.body).toMatchObject({ title: "Pruning roses in March", status: "planned" });
    const skipped = await agent.post(`/api/content-plans/${plan.id}/items/${second!.id}/skip`);
    expect(skipped.body).toMatchObject({ status: "skipped", lastError: "Skipped by you." });
    // Its slot went to the title that was waiting.
    const after = (await agent.get(`/api/content-plans/${plan.id}`)).body as ContentPlanDetailView;
    expect(after.items.find((item) => item.id === third!.id)!.slotAt).toBe(second!.slotAt);

    // A waiting title can be moved earlier (the first can go no earlier).
    const moved = await agent
      .post(`/api/content-plans/${plan.id}/items/${third!.id}/move`)
      .send({ direction: "earlier" });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((moved.body as ContentPlanDetailView).items.find((item) => item.id === third!.id)!.slotAt).toBe(
      second!.slotAt,
    );

    const list = await agent.get("/api/content-plans");
    expect(list.body.plans).toEqual([
      expect.objectContaining({
        id: plan.id,
        counts: expect.objectContaining({ approved: 1, skipped: 1, planned: 1 }),
      }),
    ]);
  });

  it("refuses a CSV with bad rows, naming each line, and imports a good one", async () => {
    const { agent, connectionId } = await owner();
    const plan = (await agent.post("/api/content-plans").send(planBody(connectionId))).body as ContentPlanDetailView;
    const bad = await agent
      .post(`/api/content-plans/${plan.id}/import`)
      .send({ csv: "title,keywords\nGood title,good keyword\n,missing title\nNo keywords,\n" });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/^Nothing was imported: 2 rows need fixing/);
    expect(bad.body.problems.map((p: { line: number }) => p.line)).toEqual([3, 4]);
    expect((await agent.get(`/api/content-plans/${plan.id}`)).body.items).toEqual([]);

    const good = await agent
      .post(`/api/content-plans/${plan.id}/import`)
      .send({ csv: "title,keywords,notes\nMulching 101,mulch;garden beds,Short\nSeed saving,seeds\n" });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body).toEqual({ added: 2 });
  });

  it("tells the owner what is wrong with a plan, and keeps plans to their owner", async () => {
    const { agent, connectionId } = await owner();
    const badCadence = await agent
      .post("/api/content-plans")
      .send(planBody(connectionId, { cadence: { weekdays: [], time: "25:00", timeZone: "Mars/Olympus" } }));
    expect(badCadence.status).toBe(400);
    expect(badCadence.body.message).toBe("Choose at least one weekday to publish on.");
    const plan = (await agent.post("/api/content-plans").send(planBody(connectionId))).body as ContentPlanDetailView;
    await agent.post(`/api/content-plans/${plan.id}/items`).send({ items: [{ title: "Hedges", keywords: ["hedge"] }] });
    const itemId = ((await agent.get(`/api/content-plans/${plan.id}`)).body as ContentPlanDetailView).items[0]!.id;

    const stranger = await owner();
    expect((await stranger.agent.get(`/api/content-plans/${plan.id}`)).status).toBe(404);
    expect((await stranger.agent.patch(`/api/content-plans/${plan.id}`).send({ status: "paused" })).status).toBe(404);
    expect((await stranger.agent.post(`/api/content-plans/${plan.id}/items/${itemId}/skip`)).status).toBe(404);
    expect((await stranger.agent.delete(`/api/content-plans/${plan.id}`)).status).toBe(404);
    expect((await stranger.agent.get("/api/content-plans")).body).toEqual({ plans: [] });
    // Using the connection of someone else is refused too.
    const foreign = await stranger.agent.post("/api/content-plans").send(planBody(connectionId));
    expect(foreign.status).toBe(400);
    expect((await app.agent().get("/api/content-plans")).status).toBe(401);
    expect((await agent.get("/api/content-plans/abc")).status).toBe(404);

    const paused = await agent.patch(`/api/content-plans/${plan.id}`).send({ status: "paused" });
    // Paused by its owner: no reason, nothing to upgrade.
    expect(paused.body).toMatchObject({ status: "paused", pausedReason: null, needsUpgrade: false });
    const badMode = await agent.patch(`/api/content-plans/${plan.id}`).send({ mode: "sometimes" });
    expect(badMode.status).toBe(400);
    expect(badMode.body.message).toBe('Choose "review" or "auto".');
    expect((await agent.delete(`/api/content-plans/${plan.id}`)).status).toBe(204);
    expect((await agent.get(`/api/content-plans/${plan.id}`)).status).toBe(404);
  });

  it("lets the owner turn on refreshes of their existing posts, which wait on the plan for review", async () => {
    const { agent, connectionId } = await owner();
    const plan = (await agent.post("/api/content-plans").send(planBody(connectionId))).body as ContentPlanDetailView;
    expect(plan).toMatchObject({ queueRefreshes: false, refreshes: [] });
    const bad = await agent.patch(`/api/content-plans/${plan.id}`).send({ queueRefreshes: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Say whether the plan proposes refreshes (true or false).");
    const turnedOn = await agent.patch(`/api/content-plans/${plan.id}`).send({ queueRefreshes: true });
    expect(turnedOn.status, JSON.stringify(turnedOn.body)).toBe(200);
    expect(turnedOn.body).toMatchObject({ queueRefreshes: true });

    const { userId } = await app.db.prisma.wordpressConnection.findUniqueOrThrow({ where: { id: connectionId } });
    const sitePost = await app.db.prisma.sitePost.create({
      data: {
        userId,
        platform: "wordpress",
        connectionId,
        remoteId: "41",
        url: "https://garden.example/hedges",
        title: "Hedges that last",
        words: 500,
        score: 48,
        keyphrase: "hedges",
        keyphraseSource: "title",
        opportunity: 70,
        analysedAt: new Date(),
      },
    });
    // The round proposes it (here kept as the proposal the refresh service stores, nothing read from the site).
    await createAppAutopilot(app.ctx, {
      proposeRefresh: async (input) =>
        app.db.prisma.postRefresh.create({
          data: {
            userId: input.userId,
            platform: "wordpress",
            connectionId,
            remoteId: sitePost.remoteId,
            url: sitePost.url,
            title: sitePost.title,
            keyphrase: sitePost.keyphrase,
            generator: "offline",
            original: {
              remoteId: sitePost.remoteId,
              url: sitePost.url,
              slug: "hedges",
              title: sitePost.title,
              html: "<p>Hedges grow slowly.</p>",
              excerpt: "",
              seoTitle: null,
              metaDescription: "",
              seoMeta: {},
              modifiedAt: null,
            },
            fingerprint: "f",
          },
        }),
    }).runOnce();
    const withRefresh = (await agent.get(`/api/content-plans/${plan.id}`)).body as ContentPlanDetailView;
    expect(withRefresh.refreshes).toEqual([
      expect.objectContaining({ title: "Hedges that last", url: "https://garden.example/hedges", state: "proposed" }),
    ]);
    // The refresh opens at its own address, for the owner only.
    const refreshId = withRefresh.refreshes[0]!.id;
    expect((await agent.get(`/api/refreshes/${refreshId}`)).body).toMatchObject({ id: refreshId, state: "proposed" });
    const stranger = await owner();
    expect((await stranger.agent.get(`/api/refreshes/${refreshId}`)).status).toBe(404);
  });

  it("proposes ideas for the plan that the owner can add as titles", async () => {
    const { agent, connectionId } = await owner();
    const plan = (await agent.post("/api/content-plans").send(planBody(connectionId))).body as ContentPlanDetailView;
    const ideas = await agent.post(`/api/content-plans/${plan.id}/ideas`).send({ niche: "indoor plants", count: 4 });
    expect(ideas.status, JSON.stringify(ideas.body)).toBe(200);
    expect(ideas.body.ideas).toHaveLength(4);
    expect(ideas.body.ideas[0]).toEqual({
      title: expect.stringMatching(/indoor plants/i),
      keywords: expect.arrayContaining([expect.stringMatching(/indoor plants/)]),
      overlap: null,
    });
    const chosen = ideas.body.ideas.slice(0, 2).map((idea: { title: string; keywords: string[] }) => ({
      title: idea.title,
      keywords: idea.keywords,
    }));
    expect((await agent.post(`/api/content-plans/${plan.id}/items`).send({ items: chosen })).body).toEqual({
      added: 2,
    });
    // Asked again, the ideas already in the plan are left out.
    const again = await agent.post(`/api/content-plans/${plan.id}/ideas`).send({ niche: "indoor plants", count: 4 });
    expect(again.body.excluded).toBe(2);
    expect(again.body.ideas.map((idea: { title: string }) => idea.title)).not.toContain(chosen[0].title);
    const bad = await agent.post(`/api/content-plans/${plan.id}/ideas`).send({});
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Describe your niche, for example organic gardening supplies.");
  });

  it("shows a long plan one page of titles at a time and refuses a page that cannot be one", async () => {
    const { agent, connectionId } = await owner();
    const plan = (await agent.post("/api/content-plans").send(planBody(connectionId))).body as ContentPlanDetailView;
    await app.db.prisma.contentPlanItem.createMany({
      data: Array.from({ length: 2_000 }, (_, i) => ({
        planId: plan.id,
        title: `How to grow plant number ${i + 1} in a small garden`,
        keywords: ["small garden", `plant ${i + 1}`, "growing"],
        notes: "A practical guide for beginners with a balcony or a tiny yard, with a checklist at the end.",
        position: i + 1,
      })),
    });
    const first = await agent.get(`/api/content-plans/${plan.id}`);
    expect(first.status).toBe(200);
    const view = first.body as ContentPlanDetailView;
    expect(view.items).toHaveLength(50);
    expect(view.itemsPage).toEqual({ page: 1, pageSize: 50, total: 2_000 });
    expect(view.counts.planned).toBe(2_000);
    expect(view.items.map((i) => i.position)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // The first view stays small whatever the plan holds (16 kB here; all 2,000 titles in one answer made 640 kB).
    expect(first.text.length).toBeLessThan(20_000);

    const second = (await agent.get(`/api/content-plans/${plan.id}?page=2`)).body as ContentPlanDetailView;
    expect(second.items.map((i) => i.title)[0]).toBe("How to grow plant number 51 in a small garden");
    expect(second.items.map((i) => i.position)).toEqual(Array.from({ length: 50 }, (_, i) => i + 51));
    const last = (await agent.get(`/api/content-plans/${plan.id}?page=10&pageSize=200`)).body as ContentPlanDetailView;
    expect(last.itemsPage).toEqual({ page: 10, pageSize: 200, total: 2_000 });
    expect(last.items.at(-1)?.position).toBe(2_000);
    // A change answers the page the owner is on.
    const renamed = await agent.patch(`/api/content-plans/${plan.id}?page=3`).send({ name: "Garden, long" });
    expect(renamed.body.itemsPage).toEqual({ page: 3, pageSize: 50, total: 2_000 });
    expect(renamed.body.items[0].position).toBe(101);

    for (const [query, message] of [
      ["page=0", "Give page as a whole number from 1 to 10,000."],
      ["page=two", "Give page as a whole number from 1 to 10,000."],
      ["pageSize=201", "Give pageSize as a whole number from 1 to 200."],
      ["pageSize=", "Give pageSize as a whole number from 1 to 200."],
    ]) {
      const refused = await agent.get(`/api/content-plans/${plan.id}?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    const stranger = await owner();
    expect((await stranger.agent.get(`/api/content-plans/${plan.id}?page=2`)).status).toBe(404);
  });

  it("makes a free account's plan paused from the start, says why, offers the upgrade and refuses Resume", async () => {
    const { agent, connectionId } = await owner("free");
    const created = await agent.post("/api/content-plans").send(planBody(connectionId));
    expect(created.status).toBe(201);
    const plan = created.body as ContentPlanDetailView;
    expect(plan).toMatchObject({
      status: "paused",
      pausedReason:
        "Autopilot runs on the Starter plan and above, so this plan is paused. Upgrade to let it write and publish.",
      needsUpgrade: true,
    });
    const listed = (await agent.get("/api/content-plans")).body.plans as ContentPlanView[];
    expect(listed.find((p) => p.id === plan.id)).toMatchObject({ status: "paused", needsUpgrade: true });
    const resumed = await agent.patch(`/api/content-plans/${plan.id}`).send({ status: "active" });
    expect(resumed.status).toBe(403);
    expect(resumed.body.message).toBe(plan.pausedReason);
    expect((await agent.get(`/api/content-plans/${plan.id}`)).body.status).toBe("paused");
    // The titles can still be planned, waiting for the upgrade.
    await agent.post(`/api/content-plans/${plan.id}/items`).send({ items: [{ title: "Ponds", keywords: ["pond"] }] });
    await createAppAutopilot(app.ctx, { concurrency: 50 }).runOnce(new Date(Date.now() + 7 * 86_400_000));
    const waiting = (await agent.get(`/api/content-plans/${plan.id}`)).body as ContentPlanDetailView;
    expect(waiting.status).toBe("paused");
    expect(waiting.items[0]).toMatchObject({ status: "planned", post: null });

    // Once the account can schedule, the plan no longer asks for an upgrade and Resume works.
    const me = (await agent.get("/api/auth/user")).body as { id: number };
    await app.db.prisma.user.update({
      where: { id: me.id },
      data: { subscriptionPlan: "starter", subscriptionStatus: "active" },
    });
    expect((await agent.get(`/api/content-plans/${plan.id}`)).body.needsUpgrade).toBe(false);
    const resumedNow = await agent.patch(`/api/content-plans/${plan.id}`).send({ status: "active" });
    expect(resumedNow.status).toBe(200);
    expect(resumedNow.body).toMatchObject({ status: "active", pausedReason: null });
  });
});
