import { describe, expect, it } from "vitest";
import { samplePlans } from "../test/plans";
import { planPrice, plansForInterval, postLimitLabel } from "./pricing";

describe("planPrice", () => {
  it("shows a monthly price in whole dollars", () => {
    expect(planPrice({ price: 2900, interval: "month" })).toEqual({ perMonth: 29 });
    expect(planPrice({ price: 5950, interval: "month" })).toEqual({ perMonth: 60 });
  });

  it("shows a yearly price per month, the yearly total and the saving against monthly billing", () => {
    // $278.40 a year: $23.20 a month; it would cost $348 at the undiscounted price, a $69.60 saving.
    expect(planPrice({ price: 27840, interval: "year" })).toEqual({ perMonth: 23, yearlyTotal: 278, yearlySaving: 70 });
    expect(planPrice({ price: 56640, interval: "year" })).toEqual({
      perMonth: 47,
      yearlyTotal: 566,
      yearlySaving: 142,
    });
  });
});

describe("plansForInterval", () => {
  it("lists the active plans of the interval plus free, in the product's order", () => {
    expect(plansForInterval(samplePlans, "month").map((p) => p.id)).toEqual([1, 2, 5, 7]);
    expect(plansForInterval(samplePlans, "year").map((p) => p.id)).toEqual([1, 3, 6, 8]);
  });
});

describe("postLimitLabel", () => {
  it("reads -1 as unlimited", () => {
    expect(postLimitLabel(-1)).toBe("Unlimited blog posts");
    expect(postLimitLabel(40)).toBe("40 blog posts per month");
  });
});
