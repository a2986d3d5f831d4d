import express, { type Express } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPostView, GeneratePostResponse, OptimizeTitleResponse } from "@postwright/core/contracts";
import type { Writer, WrittenPart } from "@postwright/core/ai";
import { createWriter } from "@postwright/core/ai";
import { sanitizePostHtml } from "@postwright/core/content";
import { schedulePost } from "@postwright/core/scheduling";
import { analyzeSeo, countWords, htmlToText } from "@postwright/core/seo";
import { loadUser } from "../http/auth.ts";
import { errorHandler } from "../http/errors.ts";
import { sessions } from "../http/session.ts";
import { createTestApp, type TestAgent, type TestApp } from "../testing/index.ts";
import { withCheck } from "../testing/openapi-conformance.ts";
import { createBlogPostsRouter, titleSuggestionRateLimit, type BlogPostsRouterOptions } from "./blog-posts.ts";

/** The test app with the blog-post routes in front (sessions, the signed-in user and JSON errors as in createApp). */
function withBlogRoutes(t: TestApp, options?: BlogPostsRouterOptions): Express {
  const app = express();
  app.use(
    "/api",
    express.json({ limit: "1mb" }),
    sessions(t.ctx),
    loadUser(t.ctx),
    createBlogPostsRouter(t.ctx, options),
  );
  app.use(t.app);
  app.use(errorHandler);
  return app;
}

let t: TestApp;
let app: Express;

beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL: "https://blog.example.com" } });
  app = withBlogRoutes(t);
});
afterAll(async () => {
  await t?.close();
});

async function signedIn(): Promise<{ agent: TestAgent; userId: number }> {
  const agent = withCheck(request.agent(app), t.checkSiteApi);
  const { user } = await t.signUpAndLogin(agent);
  return { agent, userId: user.id };
}

const form = (overrides: Record<string, unknown> = {}) => ({
  title: "How to choose dog food",
  keywords: ["dog food", "healthy dogs"],
  companyName: "Happy Paws",
  seoInstructions: "Friendly tone for first-time dog owners.",
  links: [{ url: "https://happypaws.example/shop", description: "our organic dog food range" }],
  images: [{ url: "/uploads/0123456789abcdef0123456789abcdef.png", altText: "A puppy eating from a bowl" }],
  ...overrides,
});

async function generate(agent: TestAgent, body: Record<string, unknown> = form()): Promise<GeneratePostResponse> {
  const res = await agent.post("/api/blog-posts/generate").send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as GeneratePostResponse;
}

/** Reads a response as text, whatever its content type (event streams included). */
const asText = (res: request.Response, callback: (error: Error | null, body: string) => void) => {
  // In Node, superagent hands parsers the raw response stream.
  const stream = res as unknown as NodeJS.ReadableStream;
  let text = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => (text += chunk));
  stream.on("end", () => callback(null, text));
};

interface StreamEvent {
  event: string;
  data: unknown;
}

function parseEvents(text: string): StreamEvent[] {
  return text
    .split("\n\n")
    .filter((block) => block.trim() && !block.startsWith(":"))
    .map((block) => {
      const lines = block.split("\n");
      const event = lines.find((l) => l.startsWith("event: "))?.slice(7) ?? "message";
      const data = lines
        .filter((l) => l.startsWith("data: "))
        .map((l) => l.slice(6))
        .join("\n");
      return { event, data: JSON.parse(data) as unknown };
    });
}

const usedThisMonth = async (userId: number) =>
  (await t.db.prisma.userUsage.findMany({ where: { userId } })).reduce((sum, row) => sum + row.blogPostsGenerated, 0);

describe("signed-out visitors", () => {
  it.each([
    ["post", "/api/blog-posts/generate"],
    ["get", "/api/blog-posts"],
    ["get", "/api/blog-posts/scheduled"],
    ["get", "/api/blog-posts/1"],
    ["patch", "/api/blog-posts/1"],
    ["post", "/api/blog-posts/optimize-title"],
  ] as const)("%s %s answers 401 Unauthorized as JSON", async (method, path) => {
    const res = await withCheck(request(app), t.checkSiteApi)[method](path).send({});
    expect(res.status).toBe(401);
    expect(res.type).toBe("application/json");
    expect(res.body).toEqual({ message: "Unauthorized" });
  });
});

describe("POST /api/blog-posts/generate", () => {
  it("writes a post, stores it as a draft and answers the spec's shape", async () => {
    const { agent, userId } = await signedIn();
    const body = await generate(agent);

    expect(Object.keys(body).sort()).toEqual(["blogPost", "generatedContent", "tierInfo"]);
    const post = body.blogPost;
    expect(post).toMatchObject({
      status: "draft",
      keywords: ["dog food", "healthy dogs"],
      companyName: "Happy Paws",
      seoInstructions: "Friendly tone for first-time dog owners.",
      links: form().links,
      images: form().images,
      generator: "offline",
      isScheduled: false,
      scheduledPublishDate: null,
      publications: [],
    });
    expect(post.title.toLowerCase()).toContain("dog food");
    expect(post.metaDescription?.length).toBeGreaterThan(50);
    expect(post.htmlContent).toContain("<h2");
    expect(post.htmlContent).toContain('href="https://happypaws.example/shop"');
    expect(post.htmlContent).toContain('alt="A puppy eating from a bowl"');
    expect(post.content).not.toContain("<");
    expect(body.generatedContent).toEqual({
      wordCount: post.wordCount,
      readingTime: post.readingTime,
      seoScore: post.seoScore,
    });
    expect(body.tierInfo).toEqual({ usageRemaining: 4 });

    // The figures are those of the stored text.
    expect(post.wordCount).toBe(countWords(htmlToText(post.htmlContent)));
    expect(post.wordCount).toBeGreaterThan(300);
    expect(post.readingTime).toBe(Math.ceil(post.wordCount / 200));
    expect(post.seoScore).toBeGreaterThan(0);
    expect(post.seoScore).toBeLessThanOrEqual(100);
    expect(post.seoChecks.length).toBeGreaterThan(5);
    for (const check of post.seoChecks) expect(["pass", "warn", "fail"]).toContain(check.status);

    const row = await t.db.prisma.blogPost.findFirstOrThrow({ where: { id: post.id } });
    expect(row).toMatchObject({
      userId,
      title: post.title,
      htmlContent: post.htmlContent,
      content: post.content,
      metaDescription: post.metaDescription,
      wordCount: post.wordCount,
      readingTime: post.readingTime,
      seoScore: post.seoScore,
      status: "draft",
      generator: "offline",
    });
    expect(await usedThisMonth(userId)).toBe(1);
  });

  it("stores and returns the title exactly as typed, even without the keyphrase, which goes into the SEO title", async () => {
    const { agent } = await signedIn();
    const title = "Pour-over vs French press: which suits you?";
    const { blogPost } = await generate(agent, form({ title, keywords: ["pour-over coffee"] }));
    expect(blogPost.title).toBe(title);
    expect(blogPost.seoTitle?.toLowerCase()).toContain("pour-over coffee");
    const stored = await agent.get(`/api/blog-posts/${blogPost.id}`);
    expect((stored.body as BlogPostView).title).toBe(title);
  });

  it("stores only clean HTML whatever the form carried", async () => {
    const { agent } = await signedIn();
    const { blogPost } = await generate(
      agent,
      form({
        title: "Dog food <script>alert('title')</script> guide",
        companyName: '<img src=x onerror="alert(1)">Paws',
        seoInstructions: "<script>steal()</script> Mention <b onclick='x()'>grain-free</b> recipes.",
        images: [
          { url: "javascript:alert(1)", altText: "bad" },
          { url: "/uploads/0123456789abcdef0123456789abcdef.png", altText: '"><script>alert(2)</script>' },
        ],
      }),
    );
    const html = blogPost.htmlContent;
    // What the form said may appear as text (escaped), never as markup.
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/<[a-z][^>]*javascript:/i);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toBe(sanitizePostHtml(html));
  });

  it("refuses an incomplete form with the form's message, counting nothing", async () => {
    const { agent, userId } = await signedIn();
    const noTitle = await agent.post("/api/blog-posts/generate").send(form({ title: "  " }));
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.message).toBe("Title is required");
    const noKeywords = await agent.post("/api/blog-posts/generate").send(form({ keywords: " , " }));
    expect(noKeywords.status).toBe(400);
    expect(noKeywords.body.message).toBe("Keywords are required");
    expect(await usedThisMonth(userId)).toBe(0);
  });

  it("lets a free account generate 5 posts a month and refuses the 6th with 403 'limit exceeded'", async () => {
    const { agent, userId } = await signedIn();
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++)
      remaining.push((await generate(agent, form({ title: `Dog food guide ${i}` }))).tierInfo.usageRemaining);
    expect(remaining).toEqual([4, 3, 2, 1, 0]);

    const sixth = await agent.post("/api/blog-posts/generate").send(form({ title: "One more dog food guide" }));
    expect(sixth.status).toBe(403);
    expect(sixth.body.message).toMatch(/limit exceeded/);
    expect(sixth.body.usageRemaining).toBe(0);
    expect(await t.db.prisma.blogPost.count({ where: { userId } })).toBe(5);
    expect(await usedThisMonth(userId)).toBe(5);
  });

  it("does not limit an enterprise account", async () => {
    const { agent, userId } = await signedIn();
    await t.db.prisma.user.update({
      where: { id: userId },
      data: { subscriptionPlan: "enterprise", subscriptionStatus: "active" },
    });
    for (let i = 0; i < 6; i++) expect((await generate(agent)).tierInfo.usageRemaining).toBe(-1);
  });
});

describe("POST /api/blog-posts/generate with progress (Accept: text/event-stream)", () => {
  it("streams the stages, then the same result as the JSON call", async () => {
    const { agent, userId } = await signedIn();
    const res = await agent
      .post("/api/blog-posts/generate")
      .set("Accept", "text/event-stream")
      .send(form())
      .buffer(true)
      .parse(asText);

    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(res.headers["cache-control"]).toContain("no-cache");
    expect(res.headers["x-accel-buffering"]).toBe("no");
    const events = parseEvents(res.body as string);
    const parts = events.filter((e) => e.event === "part").map((e) => e.data as WrittenPart);
    // The offline writer writes the whole post at once: its parts come while writing, before the review.
    expect(parts.length).toBeGreaterThanOrEqual(3);
    expect(events.map((e) => e.event)).toEqual(["stage", "stage", ...parts.map(() => "part"), "stage", "result"]);
    expect(events.filter((e) => e.event === "stage").map((e) => e.data)).toEqual([
      { stage: "planning" },
      { stage: "writing" },
      { stage: "reviewing" },
    ]);
    const result = events.at(-1)?.data as GeneratePostResponse;
    expect(parts.map((part) => part.html).join("\n")).toBe(result.blogPost.htmlContent);
    expect(result.tierInfo).toEqual({ usageRemaining: 4 });
    const stored = await t.db.prisma.blogPost.findFirstOrThrow({ where: { userId } });
    expect(result.blogPost).toMatchObject({
      id: stored.id,
      htmlContent: stored.htmlContent,
      seoScore: stored.seoScore,
    });
  });

  it("sends each part of the post, sanitised, as soon as it is written: before the writer has finished", async () => {
    const offline = createWriter({ openai: { apiKey: undefined, baseUrl: undefined, model: "unused" } });
    let partArrived!: () => void;
    const clientSawPart = new Promise<void>((resolve) => (partArrived = resolve));
    const writer: Writer = {
      ...offline,
      async writePost(input, options) {
        options?.onStage?.("planning");
        options?.onStage?.("writing");
        // Sections finish before the introduction: parts come in the order they finish.
        options?.onPart?.({
          index: 2,
          total: null,
          kind: "section",
          heading: "Second",
          html: '<h2>Second</h2><p onclick="steal()">Two<script>alert(1)</script></p>',
        });
        // The writer goes on only once the client has read that part: it cannot have waited for the end.
        await clientSawPart;
        options?.onPart?.({ index: 0, total: 4, kind: "introduction", heading: null, html: "<p>Intro.</p>" });
        const post = await offline.writePost(input, { ...options, onStage: undefined, onPart: undefined });
        options?.onStage?.("reviewing");
        return post;
      },
    };
    const partsApp = withBlogRoutes(t, { writer });
    const agent = request.agent(partsApp);
    await t.signUpAndLogin(agent);
    const res = await agent
      .post("/api/blog-posts/generate")
      .set("Accept", "text/event-stream")
      .send(form())
      .buffer(true)
      .parse((response, callback) => {
        const stream = response as unknown as NodeJS.ReadableStream;
        let text = "";
        stream.setEncoding("utf8");
        stream.on("data", (chunk: string) => {
          text += chunk;
          if (text.includes("event: part")) partArrived();
        });
        stream.on("end", () => callback(null, text));
      });

    expect(res.status).toBe(200);
    const events = parseEvents(res.body as string);
    expect(events.map((e) => e.event)).toEqual(["stage", "stage", "part", "part", "stage", "result"]);
    expect(events[2]?.data).toEqual({
      index: 2,
      total: null,
      kind: "section",
      heading: "Second",
      html: "<h2>Second</h2><p>Two</p>",
    });
    expect(events[3]?.data).toEqual({ index: 0, total: 4, kind: "introduction", heading: null, html: "<p>Intro.</p>" });
    expect((events[5]?.data as GeneratePostResponse).blogPost.id).toBeGreaterThan(0);
  });

  it("sends no parts to a JSON caller", async () => {
    const { agent } = await signedIn();
    const res = await agent.post("/api/blog-posts/generate").send(form());
    expect(res.status).toBe(200);
    expect(res.type).toBe("application/json");
    expect(res.body.blogPost.htmlContent).toContain("<h2>");
  });

  it("answers a refusal before the generation starts as plain JSON with its status", async () => {
    const { agent, userId } = await signedIn();
    await t.db.prisma.userUsage.create({
      data: {
        userId,
        monthYear: new Date().toISOString().slice(0, 7),
        resetAt: new Date(Date.now() + 86_400_000),
        blogPostsGenerated: 5,
      },
    });
    const res = await agent.post("/api/blog-posts/generate").set("Accept", "text/event-stream").send(form());
    expect(res.status).toBe(403);
    expect(res.type).toBe("application/json");
    expect(res.body.message).toMatch(/limit exceeded/);

    const invalid = await agent
      .post("/api/blog-posts/generate")
      .set("Accept", "text/event-stream")
      .send(form({ keywords: [] }));
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe("Keywords are required");
  });
});

describe("reading posts", () => {
  let reader: TestAgent | undefined;

  it("lists only the user's own posts, newest first, and reads one by id", async () => {
    const { agent } = await signedIn();
    const first = (await generate(agent, form({ title: "First dog food post" }))).blogPost;
    const second = (await generate(agent, form({ title: "Second dog food post" }))).blogPost;
    const other = await signedIn();
    await generate(other.agent, form({ title: "Someone else's dog food post" }));

    const list = await agent.get("/api/blog-posts");
    expect(list.status).toBe(200);
    expect((list.body as BlogPostView[]).map((p) => p.id)).toEqual([second.id, first.id]);
    expect(list.body[0]).toEqual(second);

    const one = await agent.get(`/api/blog-posts/${first.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(first);
  });

  it("lists scheduled posts, the next one due first, with their publications", async () => {
    const { agent, userId } = await signedIn();
    const later = (await generate(agent)).blogPost;
    const sooner = (await generate(agent)).blogPost;
    await generate(agent);
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000);
    const tomorrow = new Date(Date.now() + 86_400_000);
    await schedulePost({ db: t.db }, { userId, postId: later.id, scheduledDate: inTwoDays, platforms: ["wordpress"] });
    await schedulePost(
      { db: t.db },
      { userId, postId: sooner.id, scheduledDate: tomorrow, platforms: ["shopify", "wordpress"] },
    );

    const res = await agent.get("/api/blog-posts/scheduled");
    expect(res.status).toBe(200);
    const scheduled = res.body as BlogPostView[];
    expect(scheduled.map((p) => p.id)).toEqual([sooner.id, later.id]);
    expect(scheduled[0]).toMatchObject({
      status: "scheduled",
      isScheduled: true,
      scheduledPublishDate: tomorrow.toISOString(),
      scheduledPlatforms: ["shopify", "wordpress"],
      publications: [
        { platform: "shopify", status: "pending", remoteUrl: null, lastError: null, publishedAt: null },
        { platform: "wordpress", status: "pending", remoteUrl: null, lastError: null, publishedAt: null },
      ],
    });
    const all = await agent.get("/api/blog-posts");
    expect((all.body as BlogPostView[]).find((p) => p.id === sooner.id)?.status).toBe("scheduled");
  });

  it.each(["abc", "1.5", "-1", "0", "99999999999", "1e3", "%20"])("answers 404 JSON for the id %s", async (id) => {
    reader ??= (await signedIn()).agent;
    const agent = reader;
    const read = await agent.get(`/api/blog-posts/${id}`);
    expect(read.status).toBe(404);
    expect(read.body).toEqual({ message: "Blog post not found." });
    const edit = await agent.patch(`/api/blog-posts/${id}`).send({ htmlContent: "<p>Hello</p>" });
    expect(edit.status).toBe(404);
    expect(edit.body).toEqual({ message: "Blog post not found." });
  });
});

describe("links into the owner's own site", () => {
  it("weaves the most relevant indexed pages into a new post after the owner's links, never an address from elsewhere", async () => {
    const { agent, userId } = await signedIn();
    const pages = [
      { url: "https://happypaws.example/products/grain-free-dog-food", title: "Grain-Free Dog Food", kind: "product" },
      {
        url: "https://happypaws.example/blogs/news/feeding-healthy-dogs",
        title: "Feeding Healthy Dogs Every Day",
        kind: "article",
      },
      { url: "https://happypaws.example/pages/contact", title: "Contact", kind: "page" },
    ];
    await t.db.prisma.siteIndexEntry.createMany({
      data: pages.map((page) => ({ ...page, userId, platform: "shopify", connectionId: 1 })),
    });
    const { blogPost } = await generate(agent);

    expect(blogPost.links.map((l) => l.url)).toEqual([
      "https://happypaws.example/shop",
      ...blogPost.links.slice(1).map((l) => l.url),
    ]);
    const linked = blogPost.links.slice(1).map((l) => l.url);
    expect(linked).toContain("https://happypaws.example/products/grain-free-dog-food");
    expect(linked).toContain("https://happypaws.example/blogs/news/feeding-healthy-dogs");
    expect(linked).not.toContain("https://happypaws.example/pages/contact");
    const hrefs = [...blogPost.htmlContent.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]);
    for (const href of hrefs) expect(blogPost.links.map((l) => l.url)).toContain(href);
    for (const link of blogPost.links) expect(hrefs).toContain(link.url);
    expect(blogPost.seoChecks.find((c) => c.id === "internal-links")?.status).toBe("pass");
    // The product's title holds the keyphrase "dog food": its link is worded without it, so the post does not compete.
    const anchor = /<a href="https:\/\/happypaws\.example\/products\/grain-free-dog-food">(.*?)<\/a>/.exec(
      blogPost.htmlContent,
    )?.[1];
    expect(anchor).toBe("Grain-Free Food");
    expect(blogPost.seoChecks.find((c) => c.id === "competing-links")?.status).toBe("pass");

    // Removing a link unlinks its anchor (the words stay) and takes it off the post's list.
    const removed = await agent
      .post(`/api/blog-posts/${blogPost.id}/links/remove`)
      .send({ url: "https://happypaws.example/products/grain-free-dog-food" });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const after = removed.body as BlogPostView;
    expect(after.htmlContent).not.toContain("grain-free-dog-food");
    expect(after.content).toContain("Grain-Free Food");
    expect(after.links.map((l) => l.url)).not.toContain("https://happypaws.example/products/grain-free-dog-food");
    expect(after.links).toHaveLength(blogPost.links.length - 1);
  });

  it("writes as before when the owner has no site index", async () => {
    const { agent } = await signedIn();
    const { blogPost } = await generate(agent);
    expect(blogPost.links).toEqual([
      { url: "https://happypaws.example/shop", description: "our organic dog food range" },
    ]);
  });
});

describe("PATCH /api/blog-posts/:id", () => {
  it("saves sanitised HTML and works out the text, word count, reading time and SEO again", async () => {
    const { agent } = await signedIn();
    const { blogPost } = await generate(agent);
    const words = Array.from({ length: 420 }, (_, i) => (i % 40 === 0 ? "dog food" : `word${i}`)).join(" ");
    const edited = [
      "<h2>Choosing dog food</h2>",
      `<p onclick="steal()">${words}</p>`,
      '<p><a href="javascript:alert(1)">click</a> and <a href="https://vets.example/advice">vet advice</a></p>',
      "<script>alert('x')</script>",
      '<img src="x" onerror="alert(1)">',
      '<iframe src="https://evil.example"></iframe>',
    ].join("");

    const res = await agent.patch(`/api/blog-posts/${blogPost.id}`).send({ htmlContent: edited });
    expect(res.status).toBe(200);
    const saved = res.body as BlogPostView;
    expect(saved.id).toBe(blogPost.id);
    expect(saved.htmlContent).toContain("<h2>Choosing dog food</h2>");
    expect(saved.htmlContent).toContain('href="https://vets.example/advice"');
    for (const unsafe of [/<script/i, /onclick/i, /onerror/i, /javascript:/i, /<iframe/i]) {
      expect(saved.htmlContent).not.toMatch(unsafe);
    }
    expect(saved.content).toContain("Choosing dog food");
    expect(saved.content).not.toContain("alert");

    const seo = analyzeSeo({
      title: blogPost.title,
      seoTitle: blogPost.seoTitle,
      slug: blogPost.slug,
      metaDescription: blogPost.metaDescription ?? "",
      html: saved.htmlContent,
      keyphrase: "dog food",
      keywords: blogPost.keywords,
      siteUrl: "https://blog.example.com",
    });
    expect(saved.wordCount).toBe(seo.wordCount);
    expect(saved.wordCount).not.toBe(blogPost.wordCount);
    expect(saved.readingTime).toBe(3);
    expect(saved.seoScore).toBe(seo.score);
    expect(saved.seoChecks).toEqual(
      seo.checks.map(({ id, label, status, message }) => ({ id, label, status, message })),
    );
    expect(saved.seoScore).not.toBe(blogPost.seoScore);

    const row = await t.db.prisma.blogPost.findFirstOrThrow({ where: { id: blogPost.id } });
    expect(row).toMatchObject({
      htmlContent: saved.htmlContent,
      content: saved.content,
      wordCount: saved.wordCount,
      seoScore: saved.seoScore,
    });
    expect((await agent.get(`/api/blog-posts/${blogPost.id}`)).body).toEqual(saved);
  });

  it("changes the title and meta description, keeping the content", async () => {
    const { agent } = await signedIn();
    const { blogPost } = await generate(agent);
    const res = await agent.patch(`/api/blog-posts/${blogPost.id}`).send({
      title: "Dog food: what vets recommend",
      metaDescription: "What vets say about dog food, in plain words.",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: "Dog food: what vets recommend",
      metaDescription: "What vets say about dog food, in plain words.",
      htmlContent: blogPost.htmlContent,
    });
  });

  it("aims the post at the focus keyphrase the owner chose instead of the first keyword", async () => {
    const { agent } = await signedIn();
    const { blogPost } = await generate(agent, form({ focusKeyphrase: "healthy dogs" }));
    expect(blogPost.focusKeyphrase).toBe("healthy dogs");
    expect(blogPost.slug).toBe("healthy-dogs");
    expect(blogPost.seoTitle?.toLowerCase()).toMatch(/^healthy dogs/);
    expect(blogPost.seoChecks.find((c) => c.id === "keyphrase-in-slug")?.status).toBe("pass");
  });

  it("writes an SEO title, a slug and the focus keyphrase, and saves the owner's edits to each with its checks", async () => {
    const { agent } = await signedIn();
    const { blogPost } = await generate(agent);
    expect(blogPost.focusKeyphrase).toBe("dog food");
    expect(blogPost.slug).toBe("dog-food");
    expect(blogPost.seoTitle?.toLowerCase()).toMatch(/^dog food/);
    const statusOf = (post: BlogPostView, id: string) => post.seoChecks.find((c) => c.id === id)?.status;
    expect(statusOf(blogPost, "keyphrase-in-slug")).toBe("pass");
    expect(statusOf(blogPost, "keyphrase-in-title")).toBe("pass");
    expect(statusOf(blogPost, "title-width")).toBe("pass");

    // A second post on the same keyphrase gets its own address.
    expect((await generate(agent)).blogPost.slug).toBe("dog-food-2");

    const res = await agent.patch(`/api/blog-posts/${blogPost.id}`).send({
      seoTitle: "Healthy dogs start with the right bowl",
      slug: "Healthy-Dogs",
      focusKeyphrase: "healthy dogs",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = res.body as BlogPostView;
    expect(saved).toMatchObject({
      seoTitle: "Healthy dogs start with the right bowl",
      slug: "healthy-dogs",
      focusKeyphrase: "healthy dogs",
    });
    expect(saved.title).toBe(blogPost.title);
    expect(statusOf(saved, "keyphrase-in-slug")).toBe("pass");
    expect(statusOf(saved, "keyphrase-in-title")).toBe("pass");
    expect(saved.seoChecks.find((c) => c.id === "keyphrase-length")?.message).toContain("2 content words");

    // A title edit never changes the slug; an empty focus keyphrase goes back to the first keyword.
    const retitled = (
      await agent.patch(`/api/blog-posts/${blogPost.id}`).send({ title: "Something else", focusKeyphrase: "" })
    ).body as BlogPostView;
    expect(retitled).toMatchObject({ slug: "healthy-dogs", focusKeyphrase: "dog food" });
    expect(statusOf(retitled, "keyphrase-in-slug")).toBe("warn");

    const bad = await agent.patch(`/api/blog-posts/${blogPost.id}`).send({ slug: "no spaces/or slashes" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Use only lower-case letters, digits and single hyphens in the slug");
    const taken = await agent.patch(`/api/blog-posts/${blogPost.id}`).send({ slug: "dog-food-2" });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("Another of your posts already uses this URL slug. Choose a different one.");
  });

  it("changes the slug of a published post only when the change is confirmed, and moves its publications along", async () => {
    const { agent, userId } = await signedIn();
    const { blogPost } = await generate(agent);
    await t.db.prisma.postPublication.create({
      data: {
        postId: blogPost.id,
        userId,
        platform: "wordpress",
        status: "published",
        remoteId: "17",
        handle: "dog-food",
      },
    });
    const unconfirmed = await agent.patch(`/api/blog-posts/${blogPost.id}`).send({ slug: "dog-food-guide" });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.message).toContain("Confirm the URL change");
    expect((await t.db.prisma.blogPost.findFirstOrThrow({ where: { id: blogPost.id } })).slug).toBe("dog-food");

    const confirmed = await agent
      .patch(`/api/blog-posts/${blogPost.id}`)
      .send({ slug: "dog-food-guide", confirmSlugChange: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.slug).toBe("dog-food-guide");
    const publication = await t.db.prisma.postPublication.findFirstOrThrow({ where: { postId: blogPost.id } });
    expect(publication.handle).toBe("dog-food-guide");
    // Other edits of a published post need no confirmation.
    expect((await agent.patch(`/api/blog-posts/${blogPost.id}`).send({ seoTitle: "Dog food, explained" })).status).toBe(
      200,
    );
  });

  it("refuses content that is empty once unsafe markup is removed, and an empty patch", async () => {
    const { agent } = await signedIn();
    const { blogPost } = await generate(agent);
    const scriptOnly = await agent
      .patch(`/api/blog-posts/${blogPost.id}`)
      .send({ htmlContent: "<script>alert(1)</script>" });
    expect(scriptOnly.status).toBe(400);
    expect(scriptOnly.body.message).toBe("Content cannot be empty");
    const nothing = await agent.patch(`/api/blog-posts/${blogPost.id}`).send({});
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe("Nothing to update");
    const row = await t.db.prisma.blogPost.findFirstOrThrow({ where: { id: blogPost.id } });
    expect(row.htmlContent).toBe(blogPost.htmlContent);
  });

  it("shows and hides the product cards of a post that features store products, and refuses them on other posts", async () => {
    const { agent } = await signedIn();
    const { blogPost } = await generate(agent);
    const refused = await agent.patch(`/api/blog-posts/${blogPost.id}`).send({ showProductCards: true });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "This post features no products of your store, so it has no product cards to show.",
    );

    // The cards a post written in the Shopify app keeps: its featured products as the store described them.
    const card = {
      productId: "gid://shopify/Product/7",
      title: "Salmon Kibble",
      url: "https://shop.example/products/salmon-kibble",
      image: null,
      price: "24.00",
      currencyCode: "USD",
      available: true,
    };
    await t.db.prisma.blogPost.update({ where: { id: blogPost.id }, data: { productCards: [card] } });
    const shown = await agent.patch(`/api/blog-posts/${blogPost.id}`).send({ showProductCards: true });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ showProductCards: true, productCards: [card] });
    expect(shown.body.htmlContent).toContain(
      '<p class="postwright-product-card__name"><a href="https://shop.example/products/salmon-kibble">Salmon Kibble</a></p>' +
        '<p class="postwright-product-card__price">$24.00</p>',
    );
    const hidden = await agent.patch(`/api/blog-posts/${blogPost.id}`).send({ showProductCards: false });
    expect(hidden.body.showProductCards).toBe(false);
    expect(hidden.body.htmlContent).toBe(blogPost.htmlContent);
  });

  it("treats another user's post as not found, for reading and for editing", async () => {
    const owner = await signedIn();
    const { blogPost } = await generate(owner.agent);
    const intruder = await signedIn();

    const read = await intruder.agent.get(`/api/blog-posts/${blogPost.id}`);
    expect(read.status).toBe(404);
    expect(read.body).toEqual({ message: "Blog post not found." });
    const edit = await intruder.agent
      .patch(`/api/blog-posts/${blogPost.id}`)
      .send({ htmlContent: "<p>Taken over</p>", title: "Mine now" });
    expect(edit.status).toBe(404);
    expect(edit.body).toEqual({ message: "Blog post not found." });

    const row = await t.db.prisma.blogPost.findFirstOrThrow({ where: { id: blogPost.id } });
    expect(row).toMatchObject({ title: blogPost.title, htmlContent: blogPost.htmlContent, userId: owner.userId });
    expect((await intruder.agent.get("/api/blog-posts")).body).toEqual([]);
  });
});

describe("POST /api/blog-posts/optimize-title", () => {
  it("suggests up to 3 titles, the optimised one first, with its score and a meta description", async () => {
    const { agent } = await signedIn();
    const res = await agent
      .post("/api/blog-posts/optimize-title")
      .send({ originalTitle: "tips for feeding a puppy", keywords: [] });
    expect(res.status).toBe(200);
    const body = res.body as OptimizeTitleResponse;
    expect(Object.keys(body).sort()).toEqual(["metaDescription", "optimizedTitle", "seoScore", "titleVariations"]);
    expect(body.optimizedTitle.length).toBeGreaterThan(10);
    expect(body.titleVariations.length).toBeGreaterThan(0);
    const suggestions = [body.optimizedTitle, ...body.titleVariations];
    expect(suggestions.length).toBeLessThanOrEqual(3);
    expect(new Set(suggestions.map((s) => s.toLowerCase())).size).toBe(suggestions.length);
    expect(Number.isInteger(body.seoScore)).toBe(true);
    expect(body.seoScore).toBeGreaterThanOrEqual(0);
    expect(body.seoScore).toBeLessThanOrEqual(100);
    expect(body.metaDescription.length).toBeGreaterThan(50);
  });

  it("refuses an empty title", async () => {
    const { agent } = await signedIn();
    const res = await agent.post("/api/blog-posts/optimize-title").send({ originalTitle: " ", keywords: [] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Title is required");
  });

  it("slows down a user who asks for suggestions too often, without affecting others", async () => {
    const { agent } = await signedIn();
    const ask = (who: TestAgent) =>
      who.post("/api/blog-posts/optimize-title").send({ originalTitle: "puppy training basics", keywords: [] });
    for (let i = 0; i < titleSuggestionRateLimit.limit; i++) expect((await ask(agent)).status).toBe(200);
    const refused = await ask(agent);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("Too many title suggestions in a short time. Please wait a minute.");
    expect((await ask((await signedIn()).agent)).status).toBe(200);
  });
});
