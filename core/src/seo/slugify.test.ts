import { describe, expect, it } from "vitest";
import { slugify } from "./slugify.ts";

describe("slugify", () => {
  it("keeps lower-case letters and digits joined by single hyphens, without accents or apostrophes", () => {
    expect(slugify("  Café au Lait: 10 Tips! ")).toBe("cafe-au-lait-10-tips");
    expect(slugify("Don't   stop -- now")).toBe("dont-stop-now");
    expect(slugify("!!!")).toBe("");
  });

  it("cuts a long text at a hyphen, never mid-word", () => {
    const slug = slugify("the quick brown fox jumps over the lazy dog ".repeat(4), 40);
    expect(slug.length).toBeLessThanOrEqual(40);
    expect(slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect("the quick brown fox jumps over the lazy dog ".repeat(4)).toContain(slug.replace(/-/g, " "));
  });
});
