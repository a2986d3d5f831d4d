import { describe, expect, it } from "vitest";
import type { SeoCheck } from "../../seo/index.ts";
import type { PostDocument } from "../post-document.ts";
import { documentBlocks, MAX_REWRITTEN_PARAGRAPHS, planRevision } from "./plan-revision.ts";

const failed = (id: string, message = "Not good enough."): SeoCheck => ({ id, label: id, status: "fail", message });
const brief = { keyphrase: "cold brew", secondaryKeywords: ["iced coffee"] };

const doc: PostDocument = {
  intro: ["Summer is here and people want something refreshing to drink every single afternoon.", "This guide explains it."],
  sections: [
    {
      heading: "Why cold brew tastes smooth",
      parts: [
        {
          subheading: null,
          paragraphs: [
            "Cold brew is made slowly. The grounds are steeped for hours by the barista. The result is smooth and sweet.",
            "However, the ratio matters. As a result, you should weigh your beans. For example, use 100 grams per litre.",
          ],
          bullets: [],
        },
      ],
    },
    {
      heading: "Equipment",
      parts: [
        {
          subheading: "Jars and filters",
          paragraphs: [
            "A large jar works well and a fine filter keeps the sediment out of your cup while a paper filter adds even more clarity to the final drink you pour.",
          ],
          bullets: ["A jar"],
        },
      ],
    },
  ],
  conclusion: { heading: "Start today", paragraphs: ["Make a batch this weekend and keep it in the fridge for a week."] },
};

describe("documentBlocks", () => {
  it("numbers paragraphs and headings in reading order, as the listing does", () => {
    const { paragraphs, headings } = documentBlocks(doc);
    expect(paragraphs.map((p) => p.id)).toEqual(["P1", "P2", "P3", "P4", "P5", "P6"]);
    expect(paragraphs[2]).toMatchObject({ heading: "Why cold brew tastes smooth", before: null });
    expect(paragraphs[3]?.before).toBe(paragraphs[2]?.html);
    expect(headings.map((h) => `${h.id} ${h.level} ${h.text}`)).toEqual([
      "H1 2 Why cold brew tastes smooth",
      "H2 2 Equipment",
      "H3 3 Jars and filters",
      "H4 2 Start today",
    ]);
  });
});

describe("planRevision", () => {
  it("sends each failed check to the paragraphs that can fix it", () => {
    const plan = planRevision(
      doc,
      [failed("keyphrase-in-introduction"), failed("passive-voice"), failed("sentence-length"), failed("transition-words")],
      brief,
    );
    const asks = Object.fromEntries(plan.paragraphs.map((p) => [p.id, p.asks.join(" | ")]));
    expect(asks.P1).toContain('Use the focus keyphrase "cold brew" word for word in the first sentence.');
    // The passive sentences are in P3, the long one in P5; P4 already opens its sentences with transition words.
    expect(asks.P3).toContain("passive sentences");
    expect(asks.P5).toContain("longer than 20 words");
    expect(asks.P4).toBeUndefined();
    expect(plan.headings).toBeNull();
    expect(plan.meta).toBeNull();
  });

  it("asks for the headings and the meta description in calls of their own", () => {
    const plan = planRevision(doc, [failed("keyphrase-in-subheadings"), failed("meta-description-length", "Too short.")], brief);
    expect(plan.paragraphs).toEqual([]);
    expect(plan.headings?.listing).toContain("[H3] ### Jars and filters");
    expect(plan.meta?.asks).toEqual(["meta-description-length: Too short."]);
  });

  it("puts a missing secondary keyword and a missing keyphrase where they are not", () => {
    const plan = planRevision(doc, [failed("secondary-keywords"), failed("keyphrase-density", "The keyphrase appears 1 time.")], brief);
    const all = plan.paragraphs.flatMap((p) => p.asks.map((ask) => `${p.id} ${ask}`));
    expect(all.some((ask) => ask.includes('keyword "iced coffee"'))).toBe(true);
    const keyphraseAsks = plan.paragraphs.filter((p) => p.asks.some((a) => a.includes('keyphrase "cold brew" once')));
    expect(keyphraseAsks.length).toBeGreaterThan(0);
    // Never a paragraph that already holds it, and at most one per section.
    expect(keyphraseAsks.every((p) => !/cold brew/i.test(p.html))).toBe(true);
    expect(new Set(keyphraseAsks.map((p) => p.heading)).size).toBe(keyphraseAsks.length);
  });

  it("adds paragraphs to the thinnest sections when the post is too short, and rewrites at most six", () => {
    const plan = planRevision(doc, [failed("text-length")], brief);
    expect(plan.additions.map((a) => a.afterId)).toEqual(["P6", "P5"]);
    const many = planRevision(
      doc,
      ["keyphrase-in-introduction", "passive-voice", "sentence-length", "transition-words", "paragraph-length", "secondary-keywords"].map((id) => failed(id)),
      brief,
    );
    expect(many.paragraphs.length).toBeLessThanOrEqual(MAX_REWRITTEN_PARAGRAPHS);
  });
});
