import { describe, expect, it } from "vitest";
import { readingTimeMinutes } from "./reading-time.ts";

describe("readingTimeMinutes", () => {
  it("is words / 200 rounded up", () => {
    expect(readingTimeMinutes(200)).toBe(1);
    expect(readingTimeMinutes(201)).toBe(2);
    expect(readingTimeMinutes(2011)).toBe(11);
  });

  it("is at least one minute", () => {
    expect(readingTimeMinutes(0)).toBe(1);
    expect(readingTimeMinutes(12)).toBe(1);
  });
});
