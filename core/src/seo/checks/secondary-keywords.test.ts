import { describe, expect, it } from "vitest";
import { contextFor } from "../test-support/build-post.ts";
import { checkSecondaryKeywords } from "./secondary-keywords.ts";

const check = (keywords: string[]) => checkSecondaryKeywords(contextFor({ keywords }));

describe("checkSecondaryKeywords", () => {
  it("passes when every other target keyword appears in the text", () => {
    expect(check(["coffee grinder", "burr grinder", "espresso"])?.status).toBe("pass");
  });

  it("warns and names the keywords that are missing", () => {
    const result = check(["coffee grinder", "espresso", "latte art"]);
    expect(result?.status).toBe("warn");
    expect(result?.message).toBe(
      'This target keyword does not appear in the text: "latte art". Use each at least once.',
    );
  });

  it("fails when none of them appears", () => {
    expect(check(["latte art", "milk frother"])?.status).toBe("fail");
  });

  it("is left out when the keyphrase is the only keyword", () => {
    expect(check(["coffee grinder"])).toBeNull();
    expect(check(["Coffee Grinders", " ", "coffee grinder"])).toBeNull();
  });
});
