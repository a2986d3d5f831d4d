// Both writers in the owner's voice, end to end: the model pipeline through the local OpenAI-compatible fake (every
// prompt carries the voice: person, tone, sentence length, spelling, formatting, words, closing), and the offline
// writer; each post comes back with its measured match to the voice, and reads closer to its own site's voice than
// to another site's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWriter } from "../../core/src/ai/index.ts";
import { generatePost } from "../../core/src/blog/generate-post.ts";
import { getPost } from "../../core/src/blog/get-post.ts";
import { updatePost } from "../../core/src/blog/update-post.ts";
import { createTestDatabase } from "../../core/src/testing/index.ts";
import { saveSiteVoice } from "../../core/src/voice/index.ts";
import { seedUser } from "../support/scheduler/seed.ts";
import { generatePostSchema } from "../../core/src/contracts/blog.ts";
import { deriveVoiceProfile, voiceDistance, voicePreset } from "../../core/src/voice/index.ts";
import { SAMPLE_SITES } from "../../core/src/voice/fixtures/sample-sites.ts";
import { startFakeOpenAI, type FakeOpenAI } from "../fakes/openai/server.ts";

const [harcourt, trailhead, mara] = SAMPLE_SITES.map((site) =>
  deriveVoiceProfile(site.posts.map((p) => ({ body: p.body }))),
) as [
  ReturnType<typeof deriveVoiceProfile>,
  ReturnType<typeof deriveVoiceProfile>,
  ReturnType<typeof deriveVoiceProfile>,
];

const founder = voicePreset("founder");

const input = generatePostSchema.parse({
  title: "Preparing a Business for Sale",
  keywords: ["business sale", "due diligence"],
  companyName: "Harcourt & Lyle",
});

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ tokensPerSecond: Infinity, latencyMs: 0 });
});
afterAll(() => fake.close());

const prompts = (since: number) =>
  fake.requests.slice(since).map((r) => r.body.messages.map((m) => m.content ?? "").join("\n"));

describe("the model pipeline in the owner's voice", () => {
  it("tells the model the voice in every writing prompt and measures the post against it", async () => {
    const writer = createWriter({
      openai: { apiKey: "test", baseUrl: fake.url, model: "fake-model" },
      targetWords: 900,
    });
    const since = fake.requests.length;
    const post = await writer.writePost(input, { voice: harcourt });
    const sent = prompts(since);
    expect(sent.length).toBeGreaterThan(3);
    for (const prompt of sent.filter((p) => /Post title:/.test(p))) {
      expect(prompt).toContain('- Person: write as "we"');
      expect(prompt).toMatch(/- Tone: formal and measured; no contractions/);
      expect(prompt).toMatch(/- Sentences: about 28 words on average/);
      expect(prompt).toMatch(/- Spelling: British English/);
      expect(prompt).toMatch(/- Words the owner never uses \(do not use them\): delve, unlock/);
      expect(prompt).toMatch(/- Closing: end the post with a call to action, as the owner does: "Should you wish/);
    }
    expect(post.voiceMatch).toEqual(voiceDistance(post.html, harcourt));
    expect(post.voiceMatch!.distance).toBeLessThan(voiceDistance(post.html, trailhead).distance);
    expect(post.voiceMatch!.distance).toBeLessThan(voiceDistance(post.html, mara).distance);
  });

  it("asks for the owner's own close instead of a sales pitch when they end otherwise", async () => {
    const writer = createWriter({
      openai: { apiKey: "test", baseUrl: fake.url, model: "fake-model" },
      targetWords: 900,
    });
    const since = fake.requests.length;
    await writer.writePost(input, { voice: mara });
    const conclusion = fake.requests.slice(since).find((r) => r.step === "post_conclusion");
    const text = conclusion!.body.messages.map((m) => m.content).join("\n");
    expect(text).toMatch(/end the way the owner's voice closes a post/);
    expect(text).not.toMatch(/clear call to action/);
    expect(text).toContain('first person singular ("I", "my")');
  });

  it("writes without a voice as before: no voice lines, no match", async () => {
    const writer = createWriter({
      openai: { apiKey: "test", baseUrl: fake.url, model: "fake-model" },
      targetWords: 900,
    });
    const since = fake.requests.length;
    const post = await writer.writePost(input);
    expect(prompts(since).some((p) => p.includes("The owner's voice"))).toBe(false);
    expect(post.voiceMatch).toBeUndefined();
  });
});

describe("the offline writer in the owner's voice", () => {
  it("returns the post's match to the voice, closer to its own site's voice than to the others", async () => {
    const writer = createWriter({ openai: { apiKey: undefined, baseUrl: undefined, model: "none" } });
    for (const [voice, others] of [
      [harcourt, [trailhead, mara]],
      [trailhead, [harcourt, mara]],
      [mara, [harcourt, trailhead]],
    ] as const) {
      const post = await writer.writePost(input, { voice });
      expect(post.generator).toBe("offline");
      expect(post.voiceMatch!.match).toBe(Math.round(100 * (1 - post.voiceMatch!.distance)));
      for (const other of others)
        expect(post.voiceMatch!.distance).toBeLessThan(voiceDistance(post.html, other).distance);
    }
  });
});

describe("a generated post", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });

  it("is written in the voice of the owner's site and answers its match beside the SEO score", async () => {
    const writer = createWriter({ openai: { apiKey: undefined, baseUrl: undefined, model: "none" } });
    const userId = await seedUser(db);
    const connection = await db.prisma.wordpressConnection.create({
      data: { userId, siteName: "Clay", siteUrl: "https://clay.example", username: "mara", applicationPassword: "" },
    });
    await saveSiteVoice(
      { prisma: db.prisma },
      { userId, platform: "wordpress", connectionId: connection.id, preset: "founder" },
    );
    const result = await generatePost({ prisma: db.prisma, writer }, { userId, input });
    expect(result.generatedContent.voiceMatch).toMatchObject({
      match: expect.any(Number),
      distance: expect.any(Number),
    });
    expect(result.blogPost.content).toMatch(/\bI (?:help|know|cover)\b/);

    // The post carries its match wherever it is read, measured again after the owner's edit.
    expect(result.blogPost.voiceMatch).toEqual(result.generatedContent.voiceMatch);
    const read = await getPost({ prisma: db.prisma }, { userId, postId: result.blogPost.id });
    expect(read.voiceMatch).toEqual(voiceDistance(read.htmlContent, founder));
    const edited = await updatePost(
      { prisma: db.prisma },
      {
        userId,
        postId: result.blogPost.id,
        patch: {
          htmlContent:
            "<p>We at Harcourt & Lyle consider it prudent that our clients commence the preparation of their " +
            "accounts well in advance of any proposed sale, whereupon we shall organise a thorough review.</p>",
        },
      },
    );
    expect(edited.voiceMatch!.match).toBeLessThan(read.voiceMatch!.match);

    // Another owner's post is written without anyone's voice.
    const other = await seedUser(db);
    const plain = await generatePost({ prisma: db.prisma, writer }, { userId: other, input });
    expect(plain.generatedContent.voiceMatch).toBeUndefined();
    expect(plain.blogPost.voiceMatch).toBeUndefined();
    expect(
      (await getPost({ prisma: db.prisma }, { userId: other, postId: plain.blogPost.id })).voiceMatch,
    ).toBeUndefined();
  });
});
