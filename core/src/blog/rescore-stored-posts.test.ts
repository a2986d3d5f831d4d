// Posts stored before a check was added get the current score and checks, so a post shows one score everywhere.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/index.ts";
import { analyzeSeo, SEO_CHECKS_VERSION } from "../seo/index.ts";
import { rescoreStoredPosts } from "./rescore-stored-posts.ts";

let db: TestDatabase;
let userId: number;
beforeAll(async () => {
  db = await createTestDatabase();
  userId = (await db.prisma.user.create({ data: { email: "rescore@example.com", password: "x" } })).id;
});
afterAll(() => db.close());

const keyphrase = "pour-over coffee";
// A link whose text is the keyphrase: Yoast's "Competing links" misses it, the old check set did not look.
const html =
  "<h1>Pour-over coffee at home</h1><p>Pour-over coffee is simple. Read our " +
  '<a href="https://beans.example/collections/pour-over-coffee">pour-over coffee</a> guide before you start.</p>';
const oldChecks = [{ id: "keyphrase-in-title", label: "Keyphrase in title", status: "pass", message: "Good." }];
const updatedAt = new Date("2026-11-01T08:00:00.000Z");

function post(title: string, seoChecksVersion: number) {
  return db.prisma.blogPost.create({
    data: {
      userId,
      title,
      content: "",
      htmlContent: html,
      metaDescription: "How to brew pour-over coffee at home.",
      keywords: [keyphrase],
      seoScore: 95,
      seoChecks: oldChecks,
      seoChecksVersion,
      updatedAt,
    },
  });
}

describe("stored posts analysed with an older check set", () => {
  it("get the current score and checks once, keep their updatedAt, and posts already current are not touched", async () => {
    const old = await post("Pour-over coffee at home", 0);
    const current = await post("Pour-over coffee, current", SEO_CHECKS_VERSION);

    expect(await rescoreStoredPosts({ prisma: db.prisma }, { batchSize: 1 })).toEqual({ rescored: 1 });

    const expected = analyzeSeo({
      title: old.title,
      metaDescription: old.metaDescription ?? "",
      html,
      keyphrase,
      keywords: [keyphrase],
    });
    const rescored = await db.prisma.blogPost.findUniqueOrThrow({ where: { id: old.id } });
    expect(rescored.seoScore).toBe(expected.score);
    expect(rescored.seoScore).toBeLessThan(95);
    const checks = rescored.seoChecks as Array<{ id: string; status: string }>;
    expect(checks.map((c) => c.id)).toEqual(expected.checks.map((c) => c.id));
    expect(checks.find((c) => c.id === "competing-links")?.status).toBe("fail");
    expect(rescored.seoChecksVersion).toBe(SEO_CHECKS_VERSION);
    expect(rescored.updatedAt).toEqual(updatedAt);
    expect(rescored.htmlContent).toBe(html);

    const untouched = await db.prisma.blogPost.findUniqueOrThrow({ where: { id: current.id } });
    expect([untouched.seoScore, untouched.seoChecks]).toEqual([95, oldChecks]);

    // Nothing is left for the next start.
    expect(await rescoreStoredPosts({ prisma: db.prisma })).toEqual({ rescored: 0 });
  });
});
