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
