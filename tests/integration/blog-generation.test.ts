// Generation through the API with a model: the site is configured with the address of a local OpenAI-compatible
// server (tests/fakes/openai), which writes real answers or fails as scripted.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express, { type Express } from "express";
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { GeneratePostResponse } from "../../core/src/contracts/blog.ts";
import { loadUser } from "../../standalone-web/server/src/http/auth.ts";
import { errorHandler } from "../../standalone-web/server/src/http/errors.ts";
import { sessions } from "../../standalone-web/server/src/http/session.ts";
import { createBlogPostsRouter } from "../../standalone-web/server/src/routes/blog-posts.ts";
import { createTestApp, type TestAgent, type TestApp } from "../../standalone-web/server/src/testing/index.ts";
import { startFakeOpenAI, type FakeOpenAI } from "../fakes/openai/server.ts";

const heartbeatMs = 20;

/** The test app with the blog-post routes in front (sessions, the signed-in user and JSON errors as in createApp). */
function withBlogRoutes(t: TestApp): Express {
  const app = express();
  app.use(
    "/api",
    express.json({ limit: "1mb" }),
    sessions(t.ctx),
    loadUser(t.ctx),
    createBlogPostsRouter(t.ctx, { heartbeatMs }),
  );
  app.use(t.app);
  app.use(errorHandler);
  return app;
}

let fake: FakeOpenAI;
let t: TestApp;
let app: Express;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await createTestApp({
    env: { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: "site-key", OPENAI_MODEL: "fake-model" },
  });
  app = withBlogRoutes(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.setBehaviour({ apiKey: undefined, failures: [], latencyMs: 0 });
});

const form = {
  title: "Email marketing for small shops",
  keywords: ["email marketing", "newsletters"],
  companyName: "Corner Shop",
  seoInstructions: "",
  links: [],
  images: [],
};

async function signedIn(): Promise<{ agent: TestAgent; userId: number; email: string; password: string }> {
  const agent = request.agent(app);
  const { user, email, password } = await t.signUpAndLogin(agent);
  return { agent, userId: user.id, email, password };
}

const usedThisMonth = async (userId: number) =>
  (await t.db.prisma.userUsage.findMany({ where: { userId } })).reduce((sum, row) => sum + row.blogPostsGenerated, 0);

interface StreamEvent {
  event: string;
  data: unknown;
}

function parseStream(text: string): { events: StreamEvent[]; comments: string[] } {
  const blocks = text.split("\n\n").filter((block) => block.trim());
  return {
    comments: blocks.filter((block) => block.startsWith(":")),
    events: blocks
      .filter((block) => !block.startsWith(":"))
      .map((block) => {
        const lines = block.split("\n");
        const event = lines.find((l) => l.startsWith("event: "))?.slice(7) ?? "message";
        const data = lines
          .filter((l) => l.startsWith("data: "))
          .map((l) => l.slice(6))
          .join("\n");
        return { event, data: JSON.parse(data) as unknown };
      }),
  };
}

const asText = (res: request.Response, callback: (error: Error | null, body: string) => void) => {
  const stream = res as unknown as NodeJS.ReadableStream;
  let text = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => (text += chunk));
  stream.on("end", () => callback(null, text));
};

describe("generation with a model", () => {
  it("writes the post with the model and stores it", async () => {
    const { agent, userId } = await signedIn();
    const res = await agent.post("/api/blog-posts/generate").send(form);
    expect(res.status).toBe(200);
    const body = res.body as GeneratePostResponse;
    expect(body.blogPost.generator).toBe("ai:fake-model");
    expect(body.blogPost.htmlContent).toContain("<h2");
    expect(body.generatedContent.wordCount).toBeGreaterThan(300);
    expect(body.tierInfo.usageRemaining).toBe(4);
    expect(fake.requests.some((r) => r.step === "post_outline")).toBe(true);
    expect(await t.db.prisma.blogPost.count({ where: { userId, generator: "ai:fake-model" } })).toBe(1);
  });

  it("does not count a failed generation against the month's quota", async () => {
    const { agent, userId } = await signedIn();
    fake.setBehaviour({ apiKey: "another-key" });
    const failed = await agent.post("/api/blog-posts/generate").send(form);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe(
      "The AI provider rejected the configured API key. Please contact the site administrator.",
    );
    expect(await usedThisMonth(userId)).toBe(0);
    expect(await t.db.prisma.blogPost.count({ where: { userId } })).toBe(0);

    // All five posts of the free plan are still there after the failure, and a sixth is refused.
    fake.setBehaviour({ apiKey: undefined });
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await agent.post("/api/blog-posts/generate").send(form);
      expect(res.status).toBe(200);
      remaining.push((res.body as GeneratePostResponse).tierInfo.usageRemaining);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const sixth = await agent.post("/api/blog-posts/generate").send(form);
    expect(sixth.status).toBe(403);
    expect(sixth.body.message).toMatch(/limit exceeded/);
    expect(await usedThisMonth(userId)).toBe(5);
  });
});

describe("generation with progress events", () => {
  it("reports each stage as the model works, keeps the stream alive, then sends the result", async () => {
    const { agent, userId } = await signedIn();
    fake.setBehaviour({ latencyMs: 60 });
    const res = await agent
      .post("/api/blog-posts/generate")
      .set("Accept", "text/event-stream")
      .send(form)
      .buffer(true)
      .parse(asText);
    expect(res.status).toBe(200);
    const { events, comments } = parseStream(res.body as string);
    // Parts of the post (event: part) come between the stages as the writer finishes them.
    const steps = events.filter((e) => e.event !== "part");
    expect(steps.map((e) => (e.event === "stage" ? (e.data as { stage: string }).stage : e.event))).toEqual([
      "planning",
      "writing",
      "reviewing",
      "result",
    ]);
    expect(comments.length).toBeGreaterThan(0);
    const result = steps[3]?.data as GeneratePostResponse;
    expect(result.blogPost.generator).toBe("ai:fake-model");
    expect(result.blogPost.id).toBe((await t.db.prisma.blogPost.findFirstOrThrow({ where: { userId } })).id);
  });

  it("ends with an error event when the model fails midway, and does not count the generation", async () => {
    const { agent, userId } = await signedIn();
    fake.setBehaviour({ failures: [{ kind: "quota", step: "post_section" }] });
    const res = await agent
      .post("/api/blog-posts/generate")
      .set("Accept", "text/event-stream")
      .send(form)
      .buffer(true)
      .parse(asText);
    expect(res.status).toBe(200);
    const { events } = parseStream(res.body as string);
    // The introduction (written while the post is planned) may come before the writing stage.
    expect(events.filter((e) => e.event === "stage").slice(0, 2)).toEqual([
      { event: "stage", data: { stage: "planning" } },
      { event: "stage", data: { stage: "writing" } },
    ]);
    expect(events.at(-1)).toEqual({
      event: "error",
      data: expect.objectContaining({
        status: 502,
        message: "The AI provider's account has run out of credit. Please contact the site administrator.",
      }),
    });
    expect(await usedThisMonth(userId)).toBe(0);
    expect(await t.db.prisma.blogPost.count({ where: { userId } })).toBe(0);
  });

  it("finishes the generation when the client goes away: the post is stored and counted, so leaving is never free", async () => {
    const { userId, email, password } = await signedIn();
    const server: Server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const login = await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");

      fake.setBehaviour({ latencyMs: 300 });
      const requestsBefore = fake.requests.length;
      const cancel = new AbortController();
      const res = await fetch(`${base}/api/blog-posts/generate`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream", cookie },
        body: JSON.stringify(form),
        signal: cancel.signal,
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      let seen = "";
      while (!seen.includes("event: stage")) {
        const { value, done } = await reader.read();
        if (done) break;
        seen += new TextDecoder().decode(value);
      }
      expect(seen).toContain('data: {"stage":"planning"}');
      cancel.abort();

      // The model's work goes on and is paid for: the post is finished, stored and counted once.
      await expect.poll(() => t.db.prisma.blogPost.count({ where: { userId } }), { timeout: 30_000 }).toBe(1);
      expect(await usedThisMonth(userId)).toBe(1);
      expect(fake.requests.slice(requestsBefore).every((r) => r.finishedAt !== undefined)).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
