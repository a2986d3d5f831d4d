// Robustness: a server stopping while generations run charges nobody for a post it did not write.
import express from "express";
import request from "supertest";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Writer } from "@postwright/core/ai";
import { loadUser } from "../http/auth.ts";
import { errorHandler } from "../http/errors.ts";
import { sessions } from "../http/session.ts";
import { createBlogPostsRouter, RESTARTING } from "../routes/blog-posts.ts";
import { createTestApp, type TestApp } from "../testing/index.ts";

let t: TestApp;
let started: () => void;
let writing: Promise<void>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A model that is still writing when the server shuts down: it only stops when told to. */
const slowWriter: Writer = {
  generator: "ai:slow",
  writePost: (_input, options) =>
    new Promise((_resolve, reject) => {
      options?.onStage?.("writing");
      started();
      options?.signal?.addEventListener("abort", () => reject(options.signal?.reason as Error), { once: true });
    }),
  optimizeTitle: () => Promise.reject(new Error("not used")),
};

const form = { title: "How to choose dog food", keywords: ["dog food"] };

it.each([
  ["an event stream", "text/event-stream"],
  ["a plain JSON request", "application/json"],
])("stops a generation in flight at shutdown with %s: told to retry, no post stored, nothing charged", async (_name, accept) => {
  writing = new Promise((resolve) => (started = resolve));
  const app = express();
  app.use("/api", express.json(), sessions(t.ctx), loadUser(t.ctx), createBlogPostsRouter(t.ctx, { writer: slowWriter }));
  app.use(t.app);
  app.use(errorHandler);
  const agent = request.agent(app);
  const { user } = await t.signUpAndLogin(agent);

  t.ctx.shutdown = new AbortController();
  const answer = agent.post("/api/blog-posts/generate").set("Accept", accept).send(form).buffer(true).parse((res, done) => {
    let text = "";
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => (text += chunk));
    res.on("end", () => done(null, text));
  });
  const response = answer.then((res) => res);
  await writing;
  // The server's grace period is over: it stops what still runs (server.ts does this on SIGTERM).
  t.ctx.shutdown.abort();
  const res = await response;
  const body = res.body as string;
  if (accept === "text/event-stream") {
    expect(res.status).toBe(200);
    expect(body).toContain("event: stage");
    expect(body.trim().endsWith(`event: error\ndata: ${JSON.stringify({ status: 503, message: RESTARTING })}`)).toBe(true);
  } else {
    expect(res.status).toBe(503);
    expect(JSON.parse(body)).toEqual({ message: RESTARTING });
  }
  expect(await t.db.prisma.blogPost.count({ where: { userId: user.id } })).toBe(0);
  const usage = await t.db.prisma.userUsage.findMany({ where: { userId: user.id } });
  expect(usage.reduce((sum, row) => sum + row.blogPostsGenerated, 0)).toBe(0);
  expect(await t.db.prisma.generationReservation.count({ where: { userId: user.id } })).toBe(0);
});
