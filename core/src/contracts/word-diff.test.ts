import { describe, expect, it } from "vitest";
import { diffWords, readableText } from "./word-diff.ts";

describe("diffWords", () => {
  it("keeps the common words and marks what was removed and added", () => {
    expect(diffWords("The best grinders of 2023", "The best grinders of 2026")).toEqual([
      { kind: "same", text: "The best grinders of " },
      { kind: "removed", text: "2023" },
      { kind: "added", text: "2026" },
    ]);
    expect(diffWords("", "New text")).toEqual([{ kind: "added", text: "New text" }]);
  });
});

describe("readableText", () => {
  it("shows blocks on their own lines, images by their alt text and links with their address", () => {
    expect(
      readableText(
        '<!-- wp:paragraph --><p>Grind <a href="https://x.example/a">well</a>.</p><img src="a.jpg" alt="A burr">',
      ),
    ).toBe("Grind well (link: https://x.example/a).\n[Image: A burr]");
    expect(readableText('<img src="a.jpg">')).toBe("[Image: no alt text]");
  });
});
