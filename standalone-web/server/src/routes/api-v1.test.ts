import type { Express } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiFailure, createWriter, type Writer } from "@postwright/core/ai";
import { AppError } from "@postwright/core/errors";
import type {
  BlogPostView,
  ContentPlanDetailView,
  ContentPlanItemView,
  ContentPlanView,
  GenerationStatus,
} from "@postwright/core/contracts";
import { countTitleSuggestion, usagePeriod } from "@postwright/core/billing";
import { apiV1Contract } from "@postwright/core/contracts/api-v1";
import SwaggerParser from "@apidevtools/swagger-parser";
import { createApp } from "../app.ts";
import { createAppAutopilot } from "../background.ts";
import { createTestApp, type TestApp } from "../testing/index.ts";
import { checkedRequest, conformsTo } from "../testing/openapi-conformance.ts";

type OpenApiDocument = Parameters<typeof SwaggerParser.validate>[0];

let t: TestApp;
let app: Express;
const background: Array<Promise<void>> = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { APP_URL: "https://app.example.com" },
    // Every test connects its sites from the same address: the exchange's limit per address is tested on its own.
    app: { apiV1: { track: (work) => background.push(work), exchangesPerMinute: 1000 } },
  });
  app = t.app;
  const document = (await request(app).get("/api/v1/openapi.json")).body as Parameters<typeof conformsTo>[0];
  check = conformsTo(document, "/api/v1");
});
/** Every answer of the plugin API is checked against its OpenAPI document. */
let check: ReturnType<typeof conformsTo>;
const api = () => checkedRequest(app, check);
afterAll(async () => {
  await Promise.allSettled(background);
  await t?.close();
});

let siteCounter = 0;

/**
 * A new account whose WordPress site is connected through the plugin: approve in the browser, then the exchange. With
 * `account`, another site of that account.
 */
async function connectedSite(
  plan?: string,
  account?: { agent: ReturnType<TestApp["agent"]>; user: Awaited<ReturnType<TestApp["signUpAndLogin"]>>["user"] },
) {
  const agent = account?.agent ?? t.agent();
  const { user } = account ?? (await t.signUpAndLogin(agent));
  if (plan) {
    await t.db.prisma.user.update({
      where: { id: user.id },
      data: { subscriptionPlan: plan, subscriptionStatus: "active" },
    });
  }
  siteCounter += 1;
  const siteUrl = `https://site${siteCounter}.example.com`;
  const approved = await agent.post("/api/connect/wordpress/approve").send({
    siteUrl,
    restUrl: `${siteUrl}/wp-json/`,
    state: "state-".padEnd(40, "x"),
    returnUrl: `${siteUrl}/wp-admin/admin.php?page=postwright`,
  });
  expect(approved.status).toBe(200);
  const code = new URL(approved.body.redirectUrl as string).searchParams.get("postwright_code");
  const exchanged = await api().post("/api/v1/connect/exchange").send({ code, siteUrl });
  expect(exchanged.status).toBe(200);
  const credential = exchanged.body.credential as string;
  return {
    user,
    agent,
    siteUrl,
    code: code!,
    siteId: exchanged.body.siteId as string,
    bearer: `Bearer ${credential}`,
    get: (path: string) => api().get(`/api/v1${path}`).set("Authorization", `Bearer ${credential}`),
    post: (path: string, body: unknown) =>
      api()
        .post(`/api/v1${path}`)
        .set("Authorization", `Bearer ${credential}`)
        .send(body as object),
    patch: (path: string, body: unknown) =>
      api()
        .patch(`/api/v1${path}`)
        .set("Authorization", `Bearer ${credential}`)
        .send(body as object),
    del: (path: string) => api().delete(`/api/v1${path}`).set("Authorization", `Bearer ${credential}`),
  };
}

type Site = Awaited<ReturnType<typeof connectedSite>>;

async function generated(site: Site): Promise<BlogPostView> {
  const started = await site.post("/generations", { title: "How to brew green tea", keywords: ["green tea"] });
  expect(started.status).toBe(202);
  expect(started.body.stage).toBe("queued");
  await Promise.allSettled(background);
  const status = await site.get(`/generations/${started.body.id}`);
  expect(status.status).toBe(200);
  const job = status.body as GenerationStatus;
  expect(job.stage).toBe("done");
  return job.post!;
}

describe("connecting through the plugin", () => {
  it("exchanges the code once, and tells the site its account, plan and usage", async () => {
    const site = await connectedSite();
    const again = await api().post("/api/v1/connect/exchange").send({ code: site.code, siteUrl: site.siteUrl });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/already used/);

    const res = await site.get("/site");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      site: { id: site.siteId, siteUrl: site.siteUrl },
      account: {
        email: site.user.email,
        plan: { id: "free", name: "Free" },
        usage: { postsUsed: 0, postsLimit: 5, postsLeft: 5 },
        canSchedule: false,
      },
      upgradeUrl: "https://app.example.com/pricing",
    });

    const dashboard = await site.agent.get("/api/wordpress/connection");
    expect(dashboard.body).toMatchObject({ siteUrl: site.siteUrl, via: "plugin" });
    expect(JSON.stringify(dashboard.body)).not.toMatch(/pwsite_|credential|signing/i);
  });

  it("refuses the approval to a visitor, and a return address on another site", async () => {
    const visitor = await request(app).post("/api/connect/wordpress/approve").send({});
    expect(visitor.status).toBe(401);
    const site = await connectedSite();
    const elsewhere = await site.agent.post("/api/connect/wordpress/approve").send({
      siteUrl: site.siteUrl,
      restUrl: `${site.siteUrl}/wp-json/`,
      state: "state-".padEnd(40, "x"),
      returnUrl: "https://collector.example.net/",
    });
    expect(elsewhere.status).toBe(400);
  });
});

describe("authentication", () => {
  it("refuses a missing, unknown or revoked credential with site_disconnected", async () => {
    const missing = await api().get("/api/v1/site");
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({
      message: "This site is no longer connected to Postwright. Connect it again.",
      code: "site_disconnected",
    });
    const unknown = await api().get("/api/v1/site").set("Authorization", "Bearer pwsite_nope");
    expect(unknown.status).toBe(401);

    const site = await connectedSite();
    expect((await site.del("/site")).status).toBe(204);
    const revoked = await site.get("/site");
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe("site_disconnected");
    expect((await site.agent.get("/api/wordpress/connection")).body).toBeNull();
  });

  it("stops the credential when the owner disconnects the site from the dashboard", async () => {
    const site = await connectedSite();
    const connection = await site.agent.get("/api/wordpress/connection");
    expect((await site.agent.delete(`/api/wordpress/connections/${connection.body.id}`)).status).toBe(200);
    expect((await site.get("/site")).status).toBe(401);
  });
});

describe("writing through the plugin", () => {
  it("generates in the background, reports the post with its SEO checks, and counts it in the month's posts", async () => {
    const site = await connectedSite();
    const post = await generated(site);
    expect(post.htmlContent).toContain("<h2");
    expect(post.metaDescription).toBeTruthy();
    expect(post.seoChecks.length).toBeGreaterThan(5);
    expect((await site.get("/site")).body.account.usage).toEqual({ postsUsed: 1, postsLimit: 5, postsLeft: 4 });

    const read = await site.get(`/posts/${post.id}`);
    expect(read.body.id).toBe(post.id);
    const edited = await site.patch(`/posts/${post.id}`, { title: "Green tea, brewed right" });
    expect(edited.status).toBe(200);
    expect(edited.body.title).toBe("Green tea, brewed right");

    const published = await site.post(`/posts/${post.id}/wordpress-publication`, {
      wpPostId: 42,
      link: `${site.siteUrl}/green-tea/`,
      status: "publish",
    });
    expect(published.status).toBe(204);
    const list = await site.agent.get("/api/blog-posts");
    const listed = (list.body as BlogPostView[]).find((p) => p.id === post.id)!;
    expect(listed.status).toBe("published");
    expect(listed.wordpressPostId).toBe("42");
    expect(listed.publications).toEqual([
      expect.objectContaining({ platform: "wordpress", remoteUrl: `${site.siteUrl}/green-tea/` }),
    ]);
  });

  it("keeps each site to its own account's posts and generations", async () => {
    const owner = await connectedSite();
    const stranger = await connectedSite();
    const post = await generated(owner);
    expect((await stranger.get(`/posts/${post.id}`)).status).toBe(404);
    expect((await stranger.patch(`/posts/${post.id}`, { title: "Mine now" })).status).toBe(404);
    expect(
      (
        await stranger.post(`/posts/${post.id}/wordpress-publication`, {
          wpPostId: 1,
          link: "https://x.example.com/",
          status: "publish",
        })
      ).status,
    ).toBe(404);
    const job = await t.db.prisma.generationJob.findFirstOrThrow({ where: { userId: owner.user.id } });
    expect((await stranger.get(`/generations/${job.id}`)).status).toBe(404);
    expect((await owner.get(`/posts/${post.id}`)).body.title).toBe(post.title);
  });

  it("keeps each site of one account to the posts and generations it started, never the dashboard's", async () => {
    const first = await connectedSite("professional");
    const second = await connectedSite(undefined, first);
    const post = await generated(first);
    const job = await t.db.prisma.generationJob.findFirstOrThrow({ where: { userId: first.user.id } });
    expect((await second.get(`/posts/${post.id}`)).status).toBe(404);
    const overwrite = await second.patch(`/posts/${post.id}`, { title: "Overwritten by another site" });
    expect(overwrite.status).toBe(404);
    expect(overwrite.body.message).toBe("Blog post not found.");
    expect((await second.get(`/generations/${job.id}`)).status).toBe(404);
    const notice = { wpPostId: 7, link: `${second.siteUrl}/tea/`, status: "publish" };
    expect((await second.post(`/posts/${post.id}/wordpress-publication`, notice)).status).toBe(404);
    expect((await first.get(`/posts/${post.id}`)).body.title).toBe(post.title);
    expect((await first.get(`/generations/${job.id}`)).body.post.id).toBe(post.id);

    // A post written on the site (the dashboard) belongs to no plugin site: no credential reads or edits it.
    const written = await first.agent
      .post("/api/blog-posts/generate")
      .send({ title: "Written in the dashboard", keywords: ["tea"] });
    expect(written.status).toBe(200);
    const dashboardPostId = written.body.blogPost.id as number;
    for (const site of [first, second]) {
      expect((await site.get(`/posts/${dashboardPostId}`)).status).toBe(404);
      expect((await site.patch(`/posts/${dashboardPostId}`, { title: "Taken over" })).status).toBe(404);
    }
    const kept = await first.agent.get(`/api/blog-posts/${dashboardPostId}`);
    expect(kept.body.title).toBe(written.body.blogPost.title);
  });

  it("reports the parts of the post written so far, in reading order and sanitised, until the post is done", async () => {
    const offline = createWriter({ openai: t.config.openai });
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const writer: Writer = {
      ...offline,
      async writePost(input, options) {
        options?.onStage?.("planning");
        options?.onStage?.("writing");
        // Parts finish in any order; a burst of them is written together.
        options?.onPart?.({
          index: 2,
          total: 4,
          kind: "section",
          heading: "Steeping",
          html: '<h2>Steeping</h2><p onmouseover="x()">Two minutes.</p><script>alert(1)</script>',
        });
        options?.onPart?.({ index: 0, total: null, kind: "introduction", heading: null, html: "<p>Tea.</p>" });
        await finished;
        return offline.writePost(input, { ...options, onStage: undefined, onPart: undefined });
      },
    };
    const work: Array<Promise<void>> = [];
    const partsApp = createApp(t.ctx, { apiV1: { writer, track: (w) => work.push(w), exchangesPerMinute: 1000 } });
    const site = await connectedSite();
    const status = (id: string) =>
      checkedRequest(partsApp, check).get(`/api/v1/generations/${id}`).set("Authorization", site.bearer);
    const started = await checkedRequest(partsApp, check)
      .post("/api/v1/generations")
      .set("Authorization", site.bearer)
      .send({ title: "How to brew green tea", keywords: ["green tea"] });
    expect(started.status).toBe(202);
    const id = started.body.id as string;

    let job: GenerationStatus | undefined;
    // The writing starts once the new site's first index is read or its wait (8 s) is over.
    for (let i = 0; i < 150 && (job?.parts?.length ?? 0) < 2; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await status(id)).body as GenerationStatus;
    }
    expect(job).toEqual({
      id,
      stage: "writing",
      parts: [
        { index: 0, total: null, kind: "introduction", heading: null, html: "<p>Tea.</p>" },
        { index: 2, total: 4, kind: "section", heading: "Steeping", html: "<h2>Steeping</h2><p>Two minutes.</p>" },
      ],
    });
    // Another site of another account never sees them.
    const stranger = await connectedSite();
    expect((await stranger.get(`/generations/${id}`)).status).toBe(404);

    finish();
    await Promise.allSettled(work);
    const done = (await status(id)).body as GenerationStatus;
    expect(done.stage).toBe("done");
    expect(done.parts).toBeUndefined();
    expect(done.post?.htmlContent).toContain("<h2>");
    expect((await t.db.prisma.generationJob.findUniqueOrThrow({ where: { id } })).parts).toEqual([]);
  });

  it("answers 402 quota_reached with the upgrade address once the month's posts are used", async () => {
    const site = await connectedSite();
    const { monthYear, resetAt } = usagePeriod(new Date());
    await t.db.prisma.userUsage.create({ data: { userId: site.user.id, monthYear, resetAt, blogPostsGenerated: 5 } });
    const res = await site.post("/generations", { title: "One too many", keywords: ["tea"] });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: "quota_reached", upgradeUrl: "https://app.example.com/pricing" });
    expect(res.body.message).toMatch(/limit exceeded/);
    expect(await t.db.prisma.generationJob.count({ where: { userId: site.user.id } })).toBe(0);
  });

  it("refuses bad input with a message, never a 500", async () => {
    const site = await connectedSite();
    const noTitle = await site.post("/generations", { keywords: ["tea"] });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.message).toBeTruthy();
    const noOriginal = await site.post("/titles/optimize", {});
    expect(noOriginal.status).toBe(400);
    expect(noOriginal.body.message).toBe("Please check the originalTitle field.");
    expect((await site.post("/seo/analyze", { title: "x" })).status).toBe(400);
    expect((await site.patch("/posts/abc", { title: "x" })).status).toBe(404);
    const publication = await site.post("/posts/1/wordpress-publication", {
      wpPostId: 1,
      link: "x",
      status: "sideways",
    });
    expect(publication.status).toBe(400);
    expect((await site.get("/generations/not-a-job")).status).toBe(404);
  });

  it("counts the plugin's title suggestions in the account's monthly allowance, like the site's own", async () => {
    const site = await connectedSite();
    // A free account has 100 suggestions a month: 99 used on the site, one left for the plugin.
    for (let i = 0; i < 99; i++) await countTitleSuggestion({ prisma: t.db.prisma }, site.user.id);
    const last = await site.post("/titles/optimize", { originalTitle: "green tea guide", keywords: ["green tea"] });
    expect(last.status).toBe(200);
    const refused = await site.post("/titles/optimize", { originalTitle: "green tea guide", keywords: ["green tea"] });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^You have used this month's 100 title suggestions of the Free plan\./);
    const onTheSite = await site.agent
      .post("/api/blog-posts/optimize-title")
      .send({ originalTitle: "green tea guide" });
    expect(onTheSite.status).toBe(429);
  });

  it("suggests titles and analyses content with the core analyser", async () => {
    const site = await connectedSite();
    const titles = await site.post("/titles/optimize", { originalTitle: "green tea guide", keywords: ["green tea"] });
    expect(titles.status).toBe(200);
    expect(titles.body.titleVariations.length).toBeGreaterThan(0);

    const thin = await site.post("/seo/analyze", { title: "Tea", content: "<p>Short.</p>", keywords: ["green tea"] });
    const rich = await site.post("/seo/analyze", {
      title: "Green tea: how to brew it well",
      content: `<p>Green tea rewards care. ${"Brew green tea at 80 degrees for two minutes, then taste it. ".repeat(40)}</p><h2>Green tea temperature</h2><p>Cooler water keeps green tea sweet.</p>`,
      keywords: ["green tea"],
      metaDescription:
        "How to brew green tea: the water temperature, the time and the amount of leaves for a sweet cup.",
    });
    expect(thin.status).toBe(200);
    expect(rich.body.score).toBeGreaterThan(thin.body.score);
    expect(rich.body.checks[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        label: expect.any(String),
        status: expect.stringMatching(/pass|warn|fail/),
      }),
    );
  });
});

const planBody = {
  name: "Garden tips",
  cadence: { weekdays: [1, 3, 5], time: "09:00", timeZone: "Europe/Paris" },
  postsAhead: 2,
};

describe("the autopilot through the plugin", () => {
  it("builds a plan that publishes to this site, fills it, prepares a draft and lets the site approve it", async () => {
    const site = await connectedSite("starter");
    const connection = await t.db.prisma.wordpressConnection.findFirstOrThrow({ where: { userId: site.user.id } });
    // The target is always this site's connection, whatever the body says.
    const created = await site.post("/content-plans", { ...planBody, platform: "shopify", connectionId: 999_999 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const plan = created.body as ContentPlanDetailView;
    expect(plan).toMatchObject({
      name: "Garden tips",
      platform: "wordpress",
      connectionId: connection.id,
      mode: "review",
      status: "active",
      items: [],
    });

    const added = await site.post(`/content-plans/${plan.id}/items`, {
      items: [
        { title: "Planting bulbs in autumn", keywords: ["autumn bulbs"] },
        { title: "Pruning roses", keywords: ["rose pruning"], notes: "For beginners" },
      ],
    });
    expect(added.body).toEqual({ added: 2 });
    const imported = await site.post(`/content-plans/${plan.id}/import`, {
      csv: "title,keywords\nWinter compost,compost;winter\n",
    });
    expect(imported.body).toEqual({ added: 1 });
    const filled = (await site.get(`/content-plans/${plan.id}`)).body as ContentPlanDetailView;
    expect(filled.items.map((item) => item.title)).toEqual([
      "Planting bulbs in autumn",
      "Pruning roses",
      "Winter compost",
    ]);
    // One page of titles at a time: page 2 of two-title pages holds the third; a page that cannot be one is refused.
    expect(filled.itemsPage).toEqual({ page: 1, pageSize: 50, total: 3 });
    const paged = (await site.get(`/content-plans/${plan.id}?page=2&pageSize=2`)).body as ContentPlanDetailView;
    expect(paged.items.map((item) => item.title)).toEqual(["Winter compost"]);
    expect(paged.itemsPage).toEqual({ page: 2, pageSize: 2, total: 3 });
    expect(paged.counts.planned).toBe(3);
    const badPage = await site.get(`/content-plans/${plan.id}?pageSize=500`);
    expect(badPage.status).toBe(400);
    expect(badPage.body.message).toBe("Give pageSize as a whole number from 1 to 200.");
    const [first, second, third] = filled.items;
    expect(first!.slotAt && second!.slotAt).toBeTruthy();
    expect(third!.slotAt).toBeNull();

    // The last waiting title moves earlier: it takes the second's place and slot.
    const moved = await site.post(`/content-plans/${plan.id}/items/${third!.id}/move`, { direction: "earlier" });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const order = (moved.body as ContentPlanDetailView).items;
    expect(order.find((item) => item.id === third!.id)!.slotAt).toBe(second!.slotAt);

    // The background round before the first slot writes its draft, which the site sees waiting with its SEO score.
    const round = await createAppAutopilot(t.ctx, { concurrency: 50 }).runOnce(
      new Date(new Date(first!.slotAt!).getTime() - 3_600_000),
    );
    expect(round.outcomes).toContain("prepared");
    const prepared = (await site.get(`/content-plans/${plan.id}`)).body as ContentPlanDetailView;
    const draft = prepared.items.find((item) => item.id === first!.id)!;
    expect(draft.status).toBe("to_review");
    expect(draft.post).toMatchObject({ status: "draft", seoScore: expect.any(Number) });
    expect((await site.get(`/posts/${draft.post!.id}`)).status).toBe(200);

    const approved = await site.post(`/content-plans/${plan.id}/items/${draft.id}/approve`, {});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((approved.body as ContentPlanItemView).status).toBe("approved");
    const again = await site.post(`/content-plans/${plan.id}/items/${draft.id}/approve`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Only a prepared draft waiting for review can be approved.");

    const skipped = await site.post(`/content-plans/${plan.id}/items/${second!.id}/skip`, {});
    expect(skipped.body).toMatchObject({ status: "skipped", lastError: "Skipped by you." });
    expect((await site.del(`/content-plans/${plan.id}/items/${second!.id}`)).status).toBe(204);

    const changed = await site.patch(`/content-plans/${plan.id}`, {
      cadence: { weekdays: [2], time: "07:30", timeZone: "Europe/Paris" },
      mode: "auto",
      postsAhead: 4,
      status: "paused",
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      cadence: { weekdays: [2], time: "07:30" },
      mode: "auto",
      postsAhead: 4,
      status: "paused",
    });
    expect((await site.patch(`/content-plans/${plan.id}`, { status: "active" })).body.status).toBe("active");

    const ideas = await site.post(`/content-plans/${plan.id}/ideas`, { niche: "organic gardening", count: 3 });
    expect(ideas.status, JSON.stringify(ideas.body)).toBe(200);
    expect(ideas.body.ideas.length).toBeGreaterThan(0);
    expect(ideas.body.ideas[0]).toEqual(
      expect.objectContaining({ title: expect.any(String), keywords: expect.any(Array) }),
    );

    const list = await site.get("/content-plans");
    expect((list.body.plans as ContentPlanView[]).map((p) => p.id)).toEqual([plan.id]);
    // The owner sees the same plan on the site's own autopilot screen.
    const onTheSite = await site.agent.get(`/api/content-plans/${plan.id}`);
    expect(onTheSite.body).toMatchObject({ id: plan.id, platform: "wordpress", connectionId: connection.id });

    expect((await site.del(`/content-plans/${plan.id}`)).status).toBe(204);
    expect((await site.get(`/content-plans/${plan.id}`)).status).toBe(404);
  });

  it("makes a plan of a site set to a fixed offset (UTC+5:30, as WordPress reports it) in that offset: its slots fall at the chosen time there", async () => {
    const site = await connectedSite("starter");
    // Settings > General "UTC+5:30" has no city: wp_timezone_string() gives "+05:30", which the plugin sends as is.
    const cadence = { weekdays: [1, 3, 5], time: "09:00", timeZone: "+05:30" };
    const created = await site.post("/content-plans", { ...planBody, cadence });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const plan = created.body as ContentPlanDetailView;
    expect(plan.cadence).toEqual(cadence);
    expect(
      (await t.db.prisma.contentPlan.findFirstOrThrow({ where: { id: plan.id, userId: site.user.id } })).timeZone,
    ).toBe("+05:30");

    await site.post(`/content-plans/${plan.id}/items`, {
      items: ["Planting bulbs", "Pruning roses", "Winter compost"].map((title) => ({ title, keywords: [title] })),
    });
    // A title wanted on a day: from midnight of that day on the site's clock (18:30 UTC the day before).
    const imported = await site.post(`/content-plans/${plan.id}/import`, {
      csv: "title,keywords,date\nSeed swaps,seeds,2030-01-07\n",
    });
    expect(imported.body).toEqual({ added: 1 });
    const filled = (await site.get(`/content-plans/${plan.id}`)).body as ContentPlanDetailView;
    expect(filled.items.find((item) => item.title === "Seed swaps")!.preferredDate).toBe("2030-01-06T18:30:00.000Z");
    // The plan prepares two posts ahead: the first two titles take its next two slots.
    const slots = filled.items.flatMap((item) => (item.slotAt ? [new Date(item.slotAt)] : []));
    expect(slots).toHaveLength(2);
    for (const slot of slots) {
      // On the site's clock (UTC+5:30): 09:00 on a Monday, Wednesday or Friday.
      const local = new Date(slot.getTime() + 330 * 60_000);
      expect([local.getUTCHours(), local.getUTCMinutes()]).toEqual([9, 0]);
      expect([1, 3, 5]).toContain(local.getUTCDay());
    }

    // An offset no zone has is refused with the message, and nothing is made.
    const refused = await site.post("/content-plans", { ...planBody, cadence: { ...cadence, timeZone: "+25:00" } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Choose a time zone from the list, such as Europe/Paris.");
    expect((await site.get("/content-plans")).body.plans).toHaveLength(1);
  });

  it("on a plan with one site, connects another site as a new connection: the old one keeps its plans, paused", async () => {
    const first = await connectedSite("starter");
    const plan = (await first.post("/content-plans", planBody)).body as ContentPlanDetailView;
    expect(plan.status).toBe("active");
    const firstConnection = await t.db.prisma.wordpressConnection.findFirstOrThrow({
      where: { userId: first.user.id },
    });

    // The approval page is told, before approving, which site the new one turns off.
    const newSite = `https://site${siteCounter + 1}.example.com`;
    const asked = await first.agent.get("/api/connect/wordpress/preview").query({
      siteUrl: newSite,
      restUrl: `${newSite}/wp-json/`,
      returnUrl: `${newSite}/wp-admin/admin.php?page=postwright`,
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      site: {
        siteUrl: newSite,
        host: new URL(newSite).host,
        returnUrl: `${newSite}/wp-admin/admin.php?page=postwright`,
      },
      reconnects: false,
      replaces: { siteUrl: first.siteUrl, host: new URL(first.siteUrl).host, siteName: new URL(first.siteUrl).host },
    });

    const second = await connectedSite(undefined, first);
    expect(second.siteUrl).toBe(newSite);
    const rows = await t.db.prisma.wordpressConnection.findMany({
      where: { userId: first.user.id },
      orderBy: { id: "asc" },
    });
    expect(rows.map((r) => [r.id, r.siteUrl, r.isActive])).toEqual([
      [firstConnection.id, first.siteUrl, false],
      [expect.any(Number), newSite, true],
    ]);
    // Nothing moved: the plan still publishes to the first site, paused with the reason, and the new site has none.
    const kept = await t.db.prisma.contentPlan.findUniqueOrThrow({ where: { id: plan.id } });
    expect(kept.connectionId).toBe(firstConnection.id);
    expect(kept.status).toBe("paused");
    expect(kept.pausedReason).toBe(
      `Paused because ${new URL(first.siteUrl).host} is no longer your connected WordPress site (your plan connects one). Connect ${new URL(first.siteUrl).host} again to resume it, or upgrade to keep both sites.`,
    );
    expect((await second.get("/content-plans")).body).toEqual({ plans: [] });
    expect((await second.get(`/content-plans/${plan.id}`)).status).toBe(404);
    // The first site's credential still reaches its own plan.
    const seen = await first.get(`/content-plans/${plan.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.status).toBe("paused");

    // Connecting the same site again is a reconnection: no site is turned off.
    const again = await first.agent.get("/api/connect/wordpress/preview").query({
      siteUrl: newSite,
      restUrl: `${newSite}/wp-json/`,
      returnUrl: `${newSite}/wp-admin/`,
    });
    expect(again.body).toMatchObject({ reconnects: true, replaces: null });
  });

  it("refuses javascript: and foreign return addresses on the approval's preview and the approval", async () => {
    const site = await connectedSite();
    const attempts = [
      { siteUrl: "javascript:alert(1)//", returnUrl: "javascript:alert(2)//" },
      { siteUrl: site.siteUrl, returnUrl: "javascript:alert(document.domain)//" },
      { siteUrl: site.siteUrl, returnUrl: "https://evil.example.net/wp-admin/" },
      { siteUrl: "data:text/html,hi", returnUrl: "data:text/html,hi" },
    ];
    for (const { siteUrl, returnUrl } of attempts) {
      const fields = { siteUrl, restUrl: `${site.siteUrl}/wp-json/`, returnUrl };
      const previewed = await site.agent.get("/api/connect/wordpress/preview").query(fields);
      expect(previewed.status).toBe(400);
      expect(previewed.body.message).toEqual(expect.any(String));
      const approved = await site.agent
        .post("/api/connect/wordpress/approve")
        .send({ ...fields, state: "s".repeat(40) });
      expect(approved.status).toBe(400);
      expect(approved.body.redirectUrl).toBeUndefined();
    }
  });

  it("bounds an account's content plans and a plan's titles by its plan, with a message (403)", async () => {
    const site = await connectedSite();
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await site.post("/content-plans", { ...planBody, name: `Plan ${i}` }));
    expect(made.map((r) => r.status)).toEqual([201, 201, 201]);
    const fourth = await site.post("/content-plans", { ...planBody, name: "One too many" });
    expect(fourth.status).toBe(403);
    expect(fourth.body.message).toBe(
      "Your plan keeps up to 3 content plans. Delete one you no longer need, or upgrade to add more.",
    );
    expect(await t.db.prisma.contentPlan.count({ where: { userId: site.user.id } })).toBe(3);

    const planId = made[0]!.body.id as number;
    const titles = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({ title: `Title ${from + i}`, keywords: ["tea"] }));
    expect((await site.post(`/content-plans/${planId}/items`, { items: titles(0, 100) })).body).toEqual({ added: 100 });
    const over = await site.post(`/content-plans/${planId}/items`, { items: titles(100, 1) });
    expect(over.status).toBe(403);
    expect(over.body.message).toBe(
      "A content plan holds up to 100 titles on your plan, and this one has 100. Remove titles that are done, or upgrade to add more.",
    );
    const imported = await site.post(`/content-plans/${planId}/import`, { csv: "title,keywords\nOne more,tea\n" });
    expect(imported.status).toBe(403);
    expect(await t.db.prisma.contentPlanItem.count({ where: { planId } })).toBe(100);
  });

  it("keeps each site to the plans that publish to it", async () => {
    const owner = await connectedSite("professional");
    const stranger = await connectedSite();
    const plan = (await owner.post("/content-plans", planBody)).body as ContentPlanDetailView;
    await owner.post(`/content-plans/${plan.id}/items`, { items: [{ title: "Roses", keywords: ["roses"] }] });
    const itemId = ((await owner.get(`/content-plans/${plan.id}`)).body as ContentPlanDetailView).items[0]!.id;

    // Another account's site: nothing of the plan is reachable, and it is not listed.
    expect((await stranger.get("/content-plans")).body).toEqual({ plans: [] });
    for (const answer of [
      await stranger.get(`/content-plans/${plan.id}`),
      await stranger.patch(`/content-plans/${plan.id}`, { status: "paused" }),
      await stranger.del(`/content-plans/${plan.id}`),
      await stranger.post(`/content-plans/${plan.id}/items`, { items: [{ title: "Mine", keywords: ["x"] }] }),
      await stranger.post(`/content-plans/${plan.id}/items/${itemId}/skip`, {}),
      await stranger.del(`/content-plans/${plan.id}/items/${itemId}`),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe("This content plan does not exist or is not yours.");
    }

    // The same account's plan for another WordPress site, made on the dashboard: not reachable through this site.
    const other = await t.db.prisma.wordpressConnection.create({
      data: {
        userId: owner.user.id,
        siteName: "Other blog",
        siteUrl: "https://other.example.com",
        username: "ada",
        applicationPassword: "v1:x",
      },
    });
    const elsewhere = await owner.agent
      .post("/api/content-plans")
      .send({ ...planBody, name: "Other site", platform: "wordpress", connectionId: other.id });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(201);
    const elsewhereId = (elsewhere.body as ContentPlanDetailView).id;
    expect(((await owner.get("/content-plans")).body.plans as ContentPlanView[]).map((p) => p.id)).toEqual([plan.id]);
    expect((await owner.get(`/content-plans/${elsewhereId}`)).status).toBe(404);
    expect((await owner.patch(`/content-plans/${elsewhereId}`, { status: "paused" })).status).toBe(404);
    expect((await owner.del(`/content-plans/${elsewhereId}`)).status).toBe(404);
    expect((await owner.agent.get(`/api/content-plans/${elsewhereId}`)).body.status).toBe("active");
    // Nor is a title of this site's plan reached through that plan's address.
    expect((await owner.post(`/content-plans/${elsewhereId}/items/${itemId}/skip`, {})).status).toBe(404);
  });

  it("refuses bad input with a message a person can act on", async () => {
    const site = await connectedSite();
    const noName = await site.post("/content-plans", { ...planBody, name: "" });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe("Give the plan a name.");
    const noDays = await site.post("/content-plans", { ...planBody, cadence: { ...planBody.cadence, weekdays: [] } });
    expect(noDays.status).toBe(400);
    expect(noDays.body.message).toBeTruthy();
    const tooMany = await site.post("/content-plans", { ...planBody, postsAhead: 30 });
    expect(tooMany.body.message).toBe("Prepare at most 14 posts ahead.");

    const plan = (await site.post("/content-plans", planBody)).body as ContentPlanDetailView;
    const noKeywords = await site.post(`/content-plans/${plan.id}/items`, {
      items: [{ title: "Roses", keywords: [] }],
    });
    expect(noKeywords.status).toBe(400);
    expect(noKeywords.body.message).toBe("Give at least one keyword for each title.");
    const badCsv = await site.post(`/content-plans/${plan.id}/import`, { csv: "title,keywords\nRoses,\n" });
    expect(badCsv.status).toBe(422);
    expect(badCsv.body.message).toMatch(/^Nothing was imported: line 2/);
    expect(badCsv.body.problems).toEqual([expect.objectContaining({ line: 2 })]);
    const badMode = await site.patch(`/content-plans/${plan.id}`, { mode: "sometimes" });
    expect(badMode.status).toBe(400);
    expect(badMode.body.message).toBe('Choose "review" or "auto".');
    const badIdeas = await site.post(`/content-plans/${plan.id}/ideas`, {});
    expect(badIdeas.status).toBe(400);
    expect(badIdeas.body.message).toMatch(/Describe your niche/);
    await site.post(`/content-plans/${plan.id}/items`, { items: [{ title: "Roses", keywords: ["roses"] }] });
    const itemId = ((await site.get(`/content-plans/${plan.id}`)).body as ContentPlanDetailView).items[0]!.id;
    const badMove = await site.post(`/content-plans/${plan.id}/items/${itemId}/move`, { direction: "up" });
    expect(badMove.status).toBe(400);
    expect(badMove.body.message).toBe('Choose "earlier" or "later".');
    const notPrepared = await site.post(`/content-plans/${plan.id}/items/${itemId}/approve`, {});
    expect(notPrepared.status).toBe(409);
    expect((await site.get("/content-plans/abc")).status).toBe(404);
    expect((await site.post(`/content-plans/${plan.id}/items/abc/skip`, {})).status).toBe(404);
  });
});

describe("limits and failures", () => {
  it("rate limits each site on its own, with Retry-After", async () => {
    const limitedApp = createApp(t.ctx, { apiV1: { requestsPerMinute: 3, exchangesPerMinute: 1000 } });
    const a = await connectedSite();
    const b = await connectedSite();
    const call = (site: Site) => request(limitedApp).get("/api/v1/site").set("Authorization", site.bearer);
    for (let i = 0; i < 3; i += 1) expect((await call(a)).status).toBe(200);
    const refused = await call(a);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("rate_limited");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await call(b)).status).toBe(200);
    // The count is kept in the shared database: another instance of the app refuses the same site too.
    const otherInstance = createApp(t.ctx, { apiV1: { requestsPerMinute: 3, exchangesPerMinute: 1000 } });
    expect((await request(otherInstance).get("/api/v1/site").set("Authorization", a.bearer)).status).toBe(429);
  });

  it("limits code exchanges per address", async () => {
    // Earlier tests of this file exchanged codes from the same address; start this address's count afresh.
    await t.db.prisma.rateLimit.deleteMany({ where: { key: { startsWith: "api-v1:exchange:" } } });
    const strictApp = createApp(t.ctx, { apiV1: { exchangesPerMinute: 2 } });
    const exchange = () =>
      request(strictApp).post("/api/v1/connect/exchange").send({ code: "pwcode_x", siteUrl: "https://a.example.com" });
    expect((await exchange()).status).toBe(400);
    expect((await exchange()).status).toBe(400);
    const refused = await exchange();
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
  });

  /** An app whose title suggestions fail with the given error, and a connected site's title request to it. */
  async function optimizeFailingWith(failure: AppError) {
    const offline = createWriter({ openai: t.config.openai });
    const failing: Writer = {
      generator: "ai:test",
      writePost: (input, options) => offline.writePost(input, options),
      optimizeTitle: async () => {
        throw failure;
      },
    };
    const failingApp = createApp(t.ctx, { apiV1: { writer: failing, exchangesPerMinute: 1000 } });
    const site = await connectedSite();
    return request(failingApp)
      .post("/api/v1/titles/optimize")
      .set("Authorization", site.bearer)
      .send({ originalTitle: "Green tea" });
  }

  it("answers 503 model_unavailable when the AI model fails", async () => {
    const res = await optimizeFailingWith(aiFailure("unavailable"));
    expect(res.status).toBe(503);
    expect(res.body.code).toBe("model_unavailable");
    expect(res.body.message).toMatch(/AI provider is not available/);
  });

  it("answers another service's failure as that service's, not as the AI model's", async () => {
    const google = "Google could not be reached to read Search Console. Please try again in a few minutes.";
    const upstream = await optimizeFailingWith(new AppError("UPSTREAM", google));
    expect(upstream.status).toBe(502);
    expect(upstream.body).toMatchObject({ code: "upstream_failed", message: google });

    const notSetUp = "Search Console is not set up on this Postwright service.";
    const unavailable = await optimizeFailingWith(new AppError("UNAVAILABLE", notSetUp));
    expect(unavailable.status).toBe(503);
    expect(unavailable.body).toMatchObject({ code: "unavailable", message: notSetUp });
  });
});

describe("GET /api/v1/openapi.json", () => {
  it("is an OpenAPI 3.1 document of every route, generated from the shared schemas", async () => {
    const res = await api().get("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = res.body as {
      openapi: string;
      servers: Array<{ url: string }>;
      components: { schemas: Record<string, unknown> };
      paths: Record<
        string,
        Record<
          string,
          {
            responses: Record<string, unknown>;
            requestBody?: {
              content: Record<string, { schema: { type?: string; properties?: Record<string, unknown> } }>;
            };
          }
        >
      >;
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers[0]!.url).toBe("https://app.example.com/api/v1");

    // Every $ref points at a schema the document defines.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(doc.components.schemas).toHaveProperty(ref);

    // Request bodies are the zod contracts the server parses with, as JSON Schema.
    const generate = doc.paths["/generations"]!.post!.requestBody!.content["application/json"]!.schema;
    expect(generate.type).toBe("object");
    expect(Object.keys(generate.properties!)).toEqual(expect.arrayContaining(["title", "keywords", "images"]));

    // The autopilot's routes are documented, with the create body the plugin sends (no publishing target).
    const createPlan = doc.paths["/content-plans"]!.post!.requestBody!.content["application/json"]!.schema;
    expect(Object.keys(createPlan.properties!)).toEqual(
      expect.arrayContaining(["name", "cadence", "postsAhead", "mode"]),
    );
    expect(Object.keys(createPlan.properties!)).not.toContain("connectionId");
    for (const path of [
      "/content-plans/{id}",
      "/content-plans/{id}/items/{itemId}/approve",
      "/content-plans/{id}/ideas",
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }

    // A plan's view is paged: its query parameters are documented with their bounds.
    const planParameters = (
      doc.paths["/content-plans/{id}"]!.get as unknown as {
        parameters: Array<{
          name: string;
          in: string;
          schema: { minimum?: number; maximum?: number; default?: number };
        }>;
      }
    ).parameters;
    expect(planParameters.filter((p) => p.in === "query")).toEqual([
      expect.objectContaining({ name: "page", schema: expect.objectContaining({ minimum: 1, default: 1 }) }),
      expect.objectContaining({ name: "pageSize", schema: expect.objectContaining({ maximum: 200, default: 50 }) }),
    ]);

    // Error answers carry what the service really sends: the fields of a bad body, the rows of a refused CSV file.
    const errors = doc.components.schemas as Record<string, { properties: Record<string, unknown> }>;
    expect(Object.keys(errors.BadRequestError!.properties)).toContain("issues");
    expect(Object.keys(errors.CsvRejectedError!.properties)).toContain("problems");
  });

  it("passes an OpenAPI 3.1 validator", async () => {
    const doc = (await api().get("/api/v1/openapi.json")).body as OpenApiDocument;
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toMatchObject({ openapi: "3.1.0" });
    // The validator does refuse a broken document (an answer without its description).
    const broken = structuredClone(doc) as unknown as { paths: Record<string, Record<string, { responses: unknown }>> };
    broken.paths["/site"]!.get!.responses = { 200: {} };
    await expect(SwaggerParser.validate(broken as unknown as OpenApiDocument)).rejects.toThrow(/description/);
  });

  it("is called as the contract says: each site route refuses a request without the site's credential", async () => {
    for (const route of Object.values(apiV1Contract)) {
      const url = `/api/v1${route.path.replace(":id", "1").replace(":itemId", "1")}`;
      const method = route.method.toLowerCase() as "get" | "post" | "patch" | "delete";
      const answer = await api()[method](url).send({});
      if (route.caller === "site") expect(answer.status, `${route.method} ${url}`).toBe(401);
      else expect([200, 400], `${route.method} ${url}`).toContain(answer.status);
    }
  });
});
