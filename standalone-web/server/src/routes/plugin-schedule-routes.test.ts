import type { Express } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPostView, GenerationStatus } from "@postwright/core/contracts";
import { createTestApp, type TestApp } from "../testing/index.ts";
import { checkedRequest, conformsTo } from "../testing/openapi-conformance.ts";

let t: TestApp;
let app: Express;
const background: Array<Promise<void>> = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { APP_URL: "https://app.example.com" },
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

/** A new account on a plan, its WordPress site connected through the plugin, and a post the site generated. */
async function siteWithPost(plan: string) {
  const agent = t.agent();
  const { user } = await t.signUpAndLogin(agent);
  await t.db.prisma.user.update({
    where: { id: user.id },
    data: { subscriptionPlan: plan, subscriptionStatus: "active" },
  });
  siteCounter += 1;
  const siteUrl = `https://schedule${siteCounter}.example.com`;
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
  const bearer = `Bearer ${exchanged.body.credential as string}`;
  const started = await api()
    .post("/api/v1/generations")
    .set("Authorization", bearer)
    .send({ title: "Storing linen over winter", keywords: ["storing linen"] });
  expect(started.status).toBe(202);
  await Promise.allSettled(background);
  const job = (await api().get(`/api/v1/generations/${started.body.id}`).set("Authorization", bearer))
    .body as GenerationStatus;
  const post = job.post!;
  return {
    user,
    agent,
    post,
    schedule: (body: unknown) =>
      api()
        .post(`/api/v1/posts/${post.id}/schedule`)
        .set("Authorization", bearer)
        .send(body as object),
    cancel: () => api().delete(`/api/v1/posts/${post.id}/schedule`).set("Authorization", bearer),
    scheduleOther: (postId: number, body: unknown) =>
      api()
        .post(`/api/v1/posts/${postId}/schedule`)
        .set("Authorization", bearer)
        .send(body as object),
    cancelOther: (postId: number) => api().delete(`/api/v1/posts/${postId}/schedule`).set("Authorization", bearer),
  };
}

describe("scheduling from the plugin", () => {
  it("refuses a free account with the message the site gives, and schedules nothing", async () => {
    const site = await siteWithPost("free");
    const scheduledDate = new Date(Date.now() + 86_400_000).toISOString();
    const fromPlugin = await site.schedule({ scheduledDate });
    const fromSite = await site.agent
      .post(`/api/blog-posts/${site.post.id}/schedule`)
      .send({ scheduledDate, platforms: ["wordpress"] });
    expect(fromPlugin.status).toBe(403);
    expect(fromPlugin.body.message).toMatch(/Scheduling is available on the Starter plan/);
    expect(fromPlugin.body.message).toBe(fromSite.body.message);
    expect(await t.db.prisma.postPublication.count({ where: { postId: site.post.id } })).toBe(0);
  });

  it("schedules to this site through the service's scheduler: the same state on the site, then cancels", async () => {
    const site = await siteWithPost("starter");
    const scheduledDate = "2099-03-29T01:30:00.000Z";
    const scheduled = await site.schedule({ scheduledDate: "2099-03-29T03:30:00+02:00" });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body as BlogPostView).toMatchObject({
      status: "scheduled",
      isScheduled: true,
      scheduledPublishDate: scheduledDate,
      scheduledPlatforms: ["wordpress"],
    });
    // A publication waiting for the scheduler, to this site's own connection.
    const connection = await t.db.prisma.wordpressConnection.findFirst({ where: { userId: site.user.id } });
    const publication = await t.db.prisma.postPublication.findFirst({ where: { postId: site.post.id } });
    expect(publication).toMatchObject({
      platform: "wordpress",
      status: "pending",
      dueAt: new Date(scheduledDate),
      connectionId: connection?.id,
    });
    // The site's dashboard shows the same post the same way.
    const onSite = await site.agent.get(`/api/blog-posts/${site.post.id}`);
    expect(onSite.body).toMatchObject({ status: "scheduled", isScheduled: true, scheduledPublishDate: scheduledDate });

    const rescheduled = await site.schedule({ scheduledDate: "2099-04-01T09:00:00Z" });
    expect(rescheduled.body).toMatchObject({ isScheduled: true, scheduledPublishDate: "2099-04-01T09:00:00.000Z" });

    const cancelled = await site.cancel();
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "draft", isScheduled: false, scheduledPublishDate: null });
    expect((await site.agent.get(`/api/blog-posts/${site.post.id}`)).body).toMatchObject({ isScheduled: false });
  });

  it("reaches only this site's posts: one written in the dashboard is 404, and stays unscheduled", async () => {
    const site = await siteWithPost("starter");
    const written = await site.agent
      .post("/api/blog-posts/generate")
      .send({ title: "Written in the dashboard", keywords: ["tea"] });
    expect(written.status).toBe(200);
    const dashboardPostId = written.body.blogPost.id as number;
    const scheduledDate = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await site.scheduleOther(dashboardPostId, { scheduledDate });
    expect(scheduled.status).toBe(404);
    expect(scheduled.body.message).toBe("Blog post not found.");
    expect((await site.cancelOther(dashboardPostId)).status).toBe(404);
    expect(await t.db.prisma.postPublication.count({ where: { postId: dashboardPostId } })).toBe(0);
  });

  it("answers a date that is missing, not a date or past with a 400 a person can act on", async () => {
    const site = await siteWithPost("starter");
    const missing = await site.schedule({});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/Choose a valid date and time/);
    const wallClock = await site.schedule({ scheduledDate: "2099-03-29T03:30" });
    expect(wallClock.status).toBe(400);
    const past = await site.schedule({ scheduledDate: "2020-01-01T00:00:00Z" });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe("Choose a time in the future.");
  });
});
