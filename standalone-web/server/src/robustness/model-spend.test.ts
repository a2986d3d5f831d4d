// Robustness: leaving mid-generation does not make the model's work free.
import express from "express";
import request from "supertest";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createWriter, type Writer } from "@postwright/core/ai";
import { loadUser } from "../http/auth.ts";
import { errorHandler } from "../http/errors.ts";
import { sessions } from "../http/session.ts";
import { createBlogPostsRouter } from "../routes/blog-posts.ts";
import { createTestApp, type TestApp } from "../testing/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

it("finishes, stores and counts a post whose client went away mid-generation", async () => {
  const offline = createWriter({ openai: t.config.openai, logger: t.ctx.logger, siteUrl: t.config.appUrl });
  let clientGone!: () => void;
  const gone = new Promise<void>((resolve) => (clientGone = resolve));
  let writing!: () => void;
  const started = new Promise<void>((resolve) => (writing = resolve));
  // The model keeps writing after the client left.
  const writer: Writer = {
    generator: offline.generator,
    writePost: async (input, options) => {
      writing();
      await gone;
      return offline.writePost(input, options);
    },
    optimizeTitle: (input, options) => offline.optimizeTitle(input, options),
  };
  const app = express();
  app.use("/api", express.json(), sessions(t.ctx), loadUser(t.ctx), createBlogPostsRouter(t.ctx, { writer }));
  app.use(t.app);
  app.use(errorHandler);
  const agent = request.agent(app);
  const { user } = await t.signUpAndLogin(agent);

  const pending = agent
    .post("/api/blog-posts/generate")
    .set("Accept", "text/event-stream")
    .send({ title: "How to choose dog food", keywords: ["dog food"] });
  const settled = pending.then(
    () => undefined,
    () => undefined,
  );
  await started;
  pending.abort();
  await settled;
  clientGone();

  await vi.waitFor(
    async () => {
      expect(await t.db.prisma.blogPost.count({ where: { userId: user.id } })).toBe(1);
    },
    { timeout: 60_000, interval: 200 },
  );
  await vi.waitFor(async () => {
    const usage = await t.db.prisma.userUsage.findMany({ where: { userId: user.id } });
    expect(usage.reduce((sum, row) => sum + row.blogPostsGenerated, 0)).toBe(1);
  });
}, 120_000);

it("stops a free account's title suggestions once the month's 100 are used", async () => {
  const app = express();
  app.use("/api", express.json(), sessions(t.ctx), loadUser(t.ctx), createBlogPostsRouter(t.ctx));
  app.use(t.app);
  app.use(errorHandler);
  const agent = request.agent(app);
  const { user } = await t.signUpAndLogin(agent);
  const ask = () => agent.post("/api/blog-posts/optimize-title").send({ originalTitle: "Dog food", keywords: ["dog food"] });
  expect((await ask()).status).toBe(200);
  // 98 more, as if asked over the month (the per-minute limit would stop them coming at once).
  const month = new Date().toISOString().slice(0, 7);
  const key = (await t.db.prisma.rateLimit.findMany({ where: { key: { startsWith: `title-suggestions:${user.id}:` } } }))[0]!.key;
  expect(key).toContain(month);
  await t.db.prisma.rateLimit.update({ where: { key }, data: { hits: 99 } });
  expect((await ask()).status).toBe(200);
  const refused = await ask();
  expect(refused.status).toBe(429);
  expect(refused.body.message).toMatch(/^You have used this month's 100 title suggestions of the Free plan\. They start again on \d{4}-\d{2}-01\.$/);
}, 120_000);
