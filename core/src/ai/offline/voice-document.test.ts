import { describe, expect, it } from "vitest";
import { generatePostSchema } from "../../contracts/blog.ts";
import { deriveVoiceProfile } from "../../voice/derive-voice-profile.ts";
import { SAMPLE_SITES } from "../../voice/fixtures/sample-sites.ts";
import { measureText } from "../../voice/measure-text.ts";
import { voiceDocument } from "./voice-document.ts";
import { writeOfflinePost } from "./write-post.ts";

const voiceOf = (id: string) =>
  deriveVoiceProfile(SAMPLE_SITES.find((s) => s.id === id)!.posts.map((p) => ({ body: p.body })));

const input = (title: string, keywords: string[], companyName: string) =>
  generatePostSchema.parse({ title, keywords, companyName });

const meanSentence = (html: string) => {
  const m = measureText(html);
  return m.sentenceLengths.reduce((a, b) => a + b, 0) / m.sentenceLengths.length;
};
const lastParagraph = (html: string) => [...html.matchAll(/<p>(.*?)<\/p>/g)].map((m) => m[1]).pop() ?? "";

describe("the offline writer in the owner's voice", () => {
  const plain = writeOfflinePost(
    input("Cash Flow Forecasting for Growing Businesses", ["cash flow forecasting"], "Harcourt & Lyle"),
  );

  it("writes as “we”, formally, in long sentences, closing with a call to action, for a British firm", () => {
    const post = writeOfflinePost(
      input("Cash Flow Forecasting for Growing Businesses", ["cash flow forecasting"], "Harcourt & Lyle"),
      { voice: voiceOf("harcourt") },
    );
    const m = measureText(post.html);
    expect(m.person.we).toBeGreaterThan(m.person.you);
    expect(measureText(plain.html).person.we).toBeLessThan(measureText(plain.html).person.you);
    expect(post.content).not.toMatch(/\b\w+n't\b|\bit's\b/i);
    expect(meanSentence(post.html)).toBeGreaterThan(meanSentence(plain.html) + 5);
    expect(lastParagraph(post.html)).toMatch(/get in touch with Harcourt &amp; Lyle/);
    // The keyphrase keeps its words and the SEO analysis still finds it up front.
    expect(post.seo.checks.find((c) => c.id === "keyphrase-in-introduction")?.status).toBe("pass");
  });

  it("writes short, casual sentences to “you” and closes on a question for a casual shop", () => {
    const post = writeOfflinePost(input("How to Choose a Sleeping Bag", ["sleeping bag"], "Trailhead Supply"), {
      voice: voiceOf("trailhead"),
    });
    const same = writeOfflinePost(input("How to Choose a Sleeping Bag", ["sleeping bag"], "Trailhead Supply"));
    expect(post.content).toMatch(/\b(?:don't|it's|you'll)\b/i);
    expect(meanSentence(post.html)).toBeLessThan(meanSentence(same.html));
    expect(lastParagraph(post.html)).toMatch(/\?/);
    expect(post.html).toContain("<ul>");
  });

  it("writes a founder's first person, without lists or H3s outside the questions, signed off in their words", () => {
    const post = writeOfflinePost(input("Caring for Handmade Mugs", ["handmade mugs"], "Mara Clay Studio"), {
      voice: voiceOf("mara"),
    });
    const m = measureText(post.html);
    expect(m.person.I).toBeGreaterThan(m.person.you);
    expect(post.html).not.toContain("<ul>");
    const h3s = [...post.html.matchAll(/<h3>(.*?)<\/h3>/g)].map((h) => h[1]!);
    expect(h3s.length).toBeGreaterThan(0);
    expect(h3s.every((h) => h.endsWith("?"))).toBe(true);
    expect(lastParagraph(post.html)).toBe("Thanks for reading, Mara");
  });

  it("respells into the voice's spelling, except the names and keyphrase the owner typed", () => {
    const doc = voiceDocument(
      {
        intro: ["Organize your color chart before you start, and prioritize the colors you use most."],
        sections: [],
        conclusion: { heading: "Your Favorite Colors", paragraphs: ["That is all."] },
      },
      { ...voiceOf("harcourt"), sentenceWords: { mean: 0, spread: 0 } },
      ["color chart"],
    );
    expect(doc.intro[0]).toBe("Organise our color chart before we start, and prioritise the colours we use most.");
    expect(doc.conclusion.heading).toBe("Our Favourite Colours");
  });
});
