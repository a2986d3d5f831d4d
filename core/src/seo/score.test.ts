import { describe, expect, it } from "vitest";
import { CHECK_WEIGHTS, computeSeoScore } from "./score.ts";
import type { SeoCheck, SeoStatus } from "./types.ts";

const check = (id: string, status: SeoStatus): SeoCheck => ({ id, label: id, status, message: "" });

describe("computeSeoScore", () => {
  it("is 100 when every check passes and 0 when every check fails", () => {
    const ids = Object.keys(CHECK_WEIGHTS);
    expect(computeSeoScore(ids.map((id) => check(id, "pass")))).toBe(100);
    expect(computeSeoScore(ids.map((id) => check(id, "fail")))).toBe(0);
  });

  it("gives a warning half the points of a pass", () => {
    expect(computeSeoScore([check("title-width", "warn")])).toBe(50);
  });

  it("weighs the keyphrase in the title more than the passive voice", () => {
    const titleFails = computeSeoScore([check("keyphrase-in-title", "fail"), check("passive-voice", "pass")]);
    const passiveFails = computeSeoScore([check("keyphrase-in-title", "pass"), check("passive-voice", "fail")]);
    expect(titleFails).toBe(20); // 2 of 10
    expect(passiveFails).toBe(80); // 8 of 10
  });

  it("rounds to an integer and is 0 without checks", () => {
    const score = computeSeoScore([check("keyphrase-in-title", "pass"), check("keyphrase-density", "warn")]);
    expect(score).toBe(77); // (8 + 3.5) / 15
    expect(computeSeoScore([])).toBe(0);
  });
});
