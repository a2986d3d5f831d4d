import { describe, expect, it } from "vitest";
import { computeRetryDelay } from "./compute-retry-delay.ts";

const options = { baseMs: 30_000, maxMs: 15 * 60_000 };

describe("computeRetryDelay", () => {
  it("doubles the wait after each failed attempt", () => {
    expect([1, 2, 3, 4].map((attempt) => computeRetryDelay(attempt, undefined, options))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
  });

  it("never waits longer than the cap", () => {
    expect(computeRetryDelay(20, undefined, options)).toBe(15 * 60_000);
  });

  it("waits at least as long as the platform asked", () => {
    expect(computeRetryDelay(1, 90_000, options)).toBe(90_000);
    expect(computeRetryDelay(3, 1_000, options)).toBe(120_000);
  });
});
