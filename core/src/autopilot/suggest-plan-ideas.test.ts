import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "../../../tests/fakes/openai/server.ts";
import { createWriter } from "../ai/index.ts";
import { AppError } from "../errors/index.ts";
import { createTestDatabase, type TestDatabase } from "../testing/database.ts";
import { createContentPlan } from "./content-plans.ts";
import { suggestPlanIdeas, topicOverlap, topicWords } from "./suggest-plan-ideas.ts";

let db: TestDatabase;
let fake: FakeOpenAI;
let seq = 0;
const offline = createWriter({ openai: { apiKey: undefined, baseUrl: undefined, model: "gpt-4o-mini" } });

beforeAll(async () => {
  [db, fake] = await Promise.all([createTestDatabase(), startFakeOpenAI()]);
});
afterAll(async () => {
  await Promise.all([db?.close(), fake?.close()]);
});

async function candleShop() {
  seq += 1;
  const user = await db.prisma.user.create({ data: { email: `ideas${seq}@example.com`, password: "x" } });
  const connection = await db.prisma.wordpressConnection.create({
    data: {
      userId: user.id,
      siteName: "Candles",
      siteUrl: "https://candles.example",
      username: "a",
      applicationPassword: "v1:x",
    },
  });
  const plan = await createContentPlan({ prisma: db.prisma }, user.id, {
    name: "Candle posts",
    platform: "wordpress",
    connectionId: connection.id,
    cadence: { weekdays: [2], time: "10:00", timeZone: "UTC" },
  });
  const page = (kind: string, title: string, path: string) => ({
    userId: user.id,
    platform: "wordpress",
    connectionId: connection.id,
    kind,
    title,
    url: `https://candles.example/${path}`,
  });
  await db.prisma.siteIndexEntry.createMany({
    data: [
      page("product", "Lavender Soy Candle", "products/lavender"),
      page("collection", "Gift Sets", "collections/gifts"),
      page("post", "Scented Candle Gift Ideas for Every Budget", "blog/gift-ideas"),
    ],
  });
  await db.prisma.blogPost.create({
    data: {
      userId: user.id,
      title: "7 Scented Candle Mistakes to Avoid",
      keywords: ["scented candle mistakes"],
      content: "",
      htmlContent: "",
    },
  });
  return { userId: user.id, planId: plan.id };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("topic overlap", () => {
  it("matches topics by their words, whatever the case, plurals and small words", () => {
    const post = topicWords("7 Scented Candle Mistakes to Avoid");
    expect(topicOverlap(topicWords("7 scented candles mistakes to avoid"), post)).toBe(1);
    expect(topicOverlap(topicWords("Scented candles: myths, busted"), post)).toBeCloseTo(2 / 6);
    expect(topicOverlap(topicWords("Beeswax wraps for lunch"), post)).toBe(0);
  });
});

describe("ideas for a plan", () => {
  it("proposes posts about the store's products, leaving out topics the site covers and naming close ones", async () => {
    const { userId, planId } = await candleShop();
    const answer = await suggestPlanIdeas({ prisma: db.prisma, writer: offline }, userId, planId, {
      niche: "scented candles",
      count: 8,
    });
    const titles = answer.ideas.map((idea) => idea.title);
    expect(titles).toContain("How to Choose the Right Lavender Soy Candle");
    // Already written (a post) or published on the site (its index): left out.
    expect(titles).not.toContain("7 Scented Candles Mistakes to Avoid");
    expect(titles).not.toContain("Scented Candles Gift Ideas for Every Budget");
    expect(answer.excluded).toBe(2);
    expect(answer.ideas).toHaveLength(8);
    expect(new Set(titles).size).toBe(titles.length);
    for (const idea of answer.ideas) expect(idea.keywords.length).toBeGreaterThan(0);
    // An idea sharing words with an existing post says which one, and how much.
    const close = answer.ideas.find((idea) => idea.title === "Scented Candles for Beginners: Where to Start");
    expect(close?.overlap).toEqual({ title: "7 Scented Candle Mistakes to Avoid", percent: 29 });
    for (const idea of answer.ideas) expect(idea.overlap?.percent ?? 0).toBeLessThan(50);
  });

  it("asks the model when one is configured, and counts each request in the month's title suggestions", async () => {
    const { userId, planId } = await candleShop();
    const writer = createWriter({ openai: { apiKey: "test", baseUrl: fake.url, model: "fake-model" } });
    const answer = await suggestPlanIdeas({ prisma: db.prisma, writer }, userId, planId, {
      niche: "Beeswax wraps",
      count: 3,
    });
    expect(answer.ideas.map((idea) => idea.title)).toEqual([
      "Beeswax Wraps: A Buyer's Guide",
      "Beeswax Wraps: Mistakes to Avoid",
      "Beeswax Wraps: Tips for Beginners",
    ]);
    const asked = fake.requests.filter((request) => request.step === "post_ideas").at(-1)!;
    const prompt = asked.body.messages.map((message) => message.content).join("\n");
    expect(prompt).toContain("The site sells: Lavender Soy Candle; Gift Sets");
    expect(prompt).toContain("7 Scented Candle Mistakes to Avoid");
    const counted = await db.prisma.rateLimit.findFirst({
      where: { key: { startsWith: `title-suggestions:${userId}:` } },
    });
    expect(counted?.hits).toBe(1);
  });

  it("says what is missing, and keeps plans to their owner", async () => {
    const { userId, planId } = await candleShop();
    const stranger = await candleShop();
    const empty = await refusal(
      suggestPlanIdeas({ prisma: db.prisma, writer: offline }, userId, planId, { niche: " " }),
    );
    expect(empty.status).toBe(400);
    expect(empty.message).toBe("Describe your niche, for example organic gardening supplies.");
    const foreign = await refusal(
      suggestPlanIdeas({ prisma: db.prisma, writer: offline }, stranger.userId, planId, { niche: "candles" }),
    );
    expect(foreign.status).toBe(404);
  });
});
