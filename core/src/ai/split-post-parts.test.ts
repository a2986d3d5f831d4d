import { describe, expect, it } from "vitest";
import { generatePostSchema } from "../contracts/blog.ts";
import { createWriter, type WrittenPart } from "./index.ts";
import { splitPostParts } from "./split-post-parts.ts";

describe("splitting a finished post into its parts", () => {
  it("reads the introduction, each H2 section and the conclusion, in document order", () => {
    const html = [
      "<p>Intro one.</p>",
      "<p>Intro two.</p>",
      "<h2>Why It &amp; Matters</h2>",
      "<p>First.</p><h3>Detail</h3><p>More.</p>",
      '<h2 id="start">How to <em>Start</em></h2>',
      "<p>Second.</p>",
      "<h2>Wrapping Up</h2>",
      "<p>Bye.</p>",
    ].join("\n");
    const parts = splitPostParts(html);
    expect(parts.map(({ index, total, kind, heading }) => ({ index, total, kind, heading }))).toEqual([
      { index: 0, total: 4, kind: "introduction", heading: null },
      { index: 1, total: 4, kind: "section", heading: "Why It & Matters" },
      { index: 2, total: 4, kind: "section", heading: "How to Start" },
      { index: 3, total: 4, kind: "conclusion", heading: "Wrapping Up" },
    ]);
    expect(parts[0]?.html).toBe("<p>Intro one.</p>\n<p>Intro two.</p>");
    expect(parts[1]?.html).toBe("<h2>Why It &amp; Matters</h2>\n<p>First.</p><h3>Detail</h3><p>More.</p>");
    // Put back together, the parts are the post.
    expect(parts.map((part) => part.html).join("\n")).toBe(html);
  });

  it("has no introduction when the post opens with a heading, and no conclusion with a single heading", () => {
    expect(splitPostParts("<h2>Only</h2><p>Text.</p>").map((p) => [p.kind, p.heading])).toEqual([["section", "Only"]]);
    expect(splitPostParts("<p>Just text.</p>").map((p) => [p.kind, p.total])).toEqual([["introduction", 1]]);
    expect(splitPostParts("  ")).toEqual([]);
  });
});

describe("the offline writer's parts", () => {
  it("tells each part of the post while writing, before the review, and they make up the post", async () => {
    const writer = createWriter({ openai: { apiKey: undefined, baseUrl: undefined, model: "gpt-4o-mini" } });
    const events: string[] = [];
    const parts: WrittenPart[] = [];
    const post = await writer.writePost(
      generatePostSchema.parse({ title: "Why Every Store Needs a Return Policy", keywords: ["return policy"] }),
      {
        onStage: (stage) => events.push(stage),
        onPart: (part) => {
          events.push(`part ${part.index}`);
          parts.push(part);
        },
      },
    );
    expect(parts.length).toBeGreaterThanOrEqual(3);
    expect(events).toEqual(["planning", "writing", ...parts.map((p) => `part ${p.index}`), "reviewing"]);
    expect(parts[0]?.kind).toBe("introduction");
    expect(parts.at(-1)?.kind).toBe("conclusion");
    expect(parts.every((part) => part.total === parts.length)).toBe(true);
    expect(parts.map((part) => part.html).join("\n")).toBe(post.html);
  });
});
