import { describe, expect, it } from "vitest";
import { contextFor } from "../test-support/build-post.ts";
import { checkTitleWidth } from "./title-width.ts";

const check = (title: string) => checkTitleWidth(contextFor({ title }));

describe("checkTitleWidth", () => {
  it("passes a title between 400 and 600 px wide", () => {
    const result = check("Coffee Grinder Guide: How to Choose the Right One");
    expect(result.status).toBe("pass");
    expect(result.message).toMatch(/^The title is about \d+ px wide\. It fits in Google's results\.$/);
  });

  it("warns about a short title that leaves space unused", () => {
    expect(check("Coffee Grinders").status).toBe("warn");
  });

  it("fails a title Google would cut", () => {
    const result = check("Coffee Grinder Guide: How to Choose the Right Burr Grinder for Every Kind of Home Brewing");
    expect(result.status).toBe("fail");
    expect(result.message).toContain("shorten it");
  });

  it("fails without a title", () => {
    expect(check("").status).toBe("fail");
  });
});
