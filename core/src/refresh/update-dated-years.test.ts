import { describe, expect, it } from "vitest";
import { updateDatedYears } from "./update-dated-years.ts";

describe("updateDatedYears", () => {
  it("moves a title's dated year to this year", () => {
    expect(updateDatedYears("The Best Grinders of 2023", 2026, "headline")).toEqual({
      text: "The Best Grinders of 2026",
      moved: ["2023"],
    });
    expect(updateDatedYears("Cold brew (2022): a 2022 guide", 2026, "headline").text).toBe(
      "Cold brew (2026): a 2026 guide",
    );
  });

  it("leaves years of events and this year's alone", () => {
    expect(updateDatedYears("Founded 2019, roasting since", 2026, "headline").moved).toEqual([]);
    expect(updateDatedYears("Picks for 2026", 2026, "headline").moved).toEqual([]);
    expect(updateDatedYears("<p>We opened in 2019.</p>", 2026, "body").text).toBe("<p>We opened in 2019.</p>");
  });

  it("moves a body's dated year only after best, top, guide, trends or picks, and never inside a tag", () => {
    const body = '<p>These are the best beans of 2024. <img src="/2024/beans.jpg"> We moved in 2021.</p>';
    expect(updateDatedYears(body, 2026, "body").text).toBe(
      '<p>These are the best beans of 2026. <img src="/2024/beans.jpg"> We moved in 2021.</p>',
    );
  });
});
