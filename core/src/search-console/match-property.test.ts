import { describe, expect, it } from "vitest";
import { matchProperty } from "./match-property.ts";
import { searchPeriods } from "./search-periods.ts";

const p = (siteUrl: string, permissionLevel = "siteOwner") => ({ siteUrl, permissionLevel });

describe("matchProperty", () => {
  it("takes the URL-prefix property of the site's own address, the most specific first", () => {
    expect(
      matchProperty("https://roastery.example/blog", [
        p("sc-domain:roastery.example"),
        p("https://roastery.example/"),
        p("https://roastery.example/blog/"),
      ]),
    ).toBe("https://roastery.example/blog/");
  });

  it("takes the domain property covering the host or a parent domain", () => {
    expect(
      matchProperty("https://shop.roastery.example", [p("sc-domain:example"), p("sc-domain:roastery.example")]),
    ).toBe("sc-domain:roastery.example");
    expect(matchProperty("https://roastery.example", [p("sc-domain:www.roastery.example")])).toBeNull();
  });

  it("takes the only property of the same site under www. or another scheme, and never an unverified one", () => {
    expect(matchProperty("https://roastery.example", [p("https://www.roastery.example/")])).toBe(
      "https://www.roastery.example/",
    );
    expect(
      matchProperty("https://roastery.example", [p("http://roastery.example/"), p("https://www.roastery.example/")]),
    ).toBeNull();
    expect(
      matchProperty("https://roastery.example", [p("https://roastery.example/", "siteUnverifiedUser")]),
    ).toBeNull();
  });
});

describe("searchPeriods", () => {
  it("compares the last 28 days of settled data with the 28 days before", () => {
    expect(searchPeriods(new Date("2026-11-20T23:30:00Z"))).toEqual({
      current: { startDate: "2026-10-21", endDate: "2026-11-17" },
      previous: { startDate: "2026-09-23", endDate: "2026-10-20" },
    });
  });
});
