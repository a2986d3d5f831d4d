import { describe, expect, it } from "vitest";
import { contextFor } from "../test-support/build-post.ts";
import { checkMetaDescriptionLength } from "./meta-description-length.ts";

const check = (metaDescription: string) => checkMetaDescriptionLength(contextFor({ metaDescription }));
const GOOD =
  "Learn how to choose a coffee grinder for home brewing: blade or burr, hand or electric, what to spend, and how to dial it in."; // 125 characters

describe("checkMetaDescriptionLength", () => {
  it("passes from 120 to 156 characters", () => {
    expect(GOOD).toHaveLength(125);
    expect(check(GOOD).status).toBe("pass");
    expect(check("x".repeat(120)).status).toBe("pass");
    expect(check("x".repeat(156)).status).toBe("pass");
  });

  it("warns when it is shorter, with the length and the target", () => {
    const result = check("Choose a coffee grinder for home.");
    expect(result.status).toBe("warn");
    expect(result.message).toBe(
      "The meta description has 33 characters. Lengthen it to 120–156 characters to use the space search results give it.",
    );
  });

  it("warns when Google would cut it", () => {
    const result = check(`${GOOD} We tested twenty models over six weeks, so you can buy with confidence.`);
    expect(result.status).toBe("warn");
    expect(result.message).toContain("shorten it");
  });

  it("fails when it is empty", () => {
    expect(check("   ").status).toBe("fail");
  });
});
