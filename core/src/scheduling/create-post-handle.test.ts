import { describe, expect, it } from "vitest";
import { createPostHandle } from "./create-post-handle.ts";

describe("createPostHandle", () => {
  it("makes a readable slug of the title ending with the post id", () => {
    expect(createPostHandle({ id: 42, title: "10 Steps to Better SEO!" })).toBe("10-steps-to-better-seo-pw42");
  });

  it("drops accents and punctuation", () => {
    expect(createPostHandle({ id: 7, title: "  Crème brûlée: à la carte  " })).toBe("creme-brulee-a-la-carte-pw7");
  });

  it("keeps long titles short and never ends the slug with a dash", () => {
    const handle = createPostHandle({ id: 3, title: `${"word ".repeat(30)}end` });
    expect(handle.length).toBeLessThanOrEqual(60 + "-pw3".length);
    expect(handle).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*-pw3$/);
  });

  it("still gives a unique handle to a title without letters or digits", () => {
    expect(createPostHandle({ id: 9, title: "???" })).toBe("post-pw9");
  });

  it("differs between two posts with the same title", () => {
    expect(createPostHandle({ id: 1, title: "Same" })).not.toBe(createPostHandle({ id: 2, title: "Same" }));
  });
});
