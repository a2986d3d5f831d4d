import { describe, expect, it } from "vitest";
import { titleWidthPx } from "./title-width.ts";

describe("titleWidthPx", () => {
  it("measures with Arial's character widths at 18px", () => {
    // "Hi": H = 0.722 em, i = 0.222 em; 0.944 x 18 = 17 px
    expect(titleWidthPx("Hi")).toBe(17);
    expect(titleWidthPx("WWW")).toBeGreaterThan(titleWidthPx("iii") * 4);
  });

  it("puts a typical 60-character title under Google's 600 px and an 80-character one over it", () => {
    const sixty = "How to Choose a Coffee Grinder for Home: Our Complete Guide!";
    const eighty = "How to Choose the Best Coffee Grinder for Your Home Kitchen: The Complete Guide";
    expect(sixty).toHaveLength(60);
    expect(titleWidthPx(sixty)).toBeLessThan(600);
    expect(titleWidthPx(eighty)).toBeGreaterThan(600);
  });

  it("measures accented letters like their base letter and ignores surrounding or repeated spaces", () => {
    expect(titleWidthPx("Café")).toBe(titleWidthPx("Cafe"));
    expect(titleWidthPx("  Coffee   grinders ")).toBe(titleWidthPx("Coffee grinders"));
    expect(titleWidthPx("")).toBe(0);
  });

  it("counts wide characters as about one em", () => {
    expect(titleWidthPx("咖啡")).toBe(36);
  });
});
