// The Search Console card and ideas both surfaces show: the property choice and an idea's figures in words.
import { describe, expect, it } from "vitest";
import type { SearchConsoleIdea } from "./search-console.ts";
import {
  ideaFigures,
  ideasPlan,
  propertyChoice,
  readingFigures,
  siteOffNote,
  type SearchConsoleConnectionView,
} from "./search-console-view.ts";

const connection = (
  property: string | null,
  properties: Array<{ siteUrl: string; permissionLevel: string }>,
): SearchConsoleConnectionView =>
  ({ property, properties, state: "connected", reading: "done", readAt: null, error: null }) as never;

describe("the Search Console card", () => {
  it("says a site or a store turned off is not read, and how to read it again", () => {
    expect(siteOffNote("wordpress")).toBe(
      "This site is turned off in your Postwright account, so Search Console is not read. Turn it on to read it again.",
    );
    expect(siteOffNote("shopify")).toMatch(/^This store is turned off in your Postwright account/);
  });


  it("offers the readable properties, a domain property in words, and hides the choice when there is nothing to choose", () => {
    const properties = [
      { siteUrl: "https://shop.example/", permissionLevel: "siteOwner" },
      { siteUrl: "sc-domain:shop.example", permissionLevel: "siteFullUser" },
      { siteUrl: "https://other.example/", permissionLevel: "siteUnverifiedUser" },
    ];
    expect(propertyChoice(connection(null, properties))).toEqual({
      kind: "choose",
      initial: "https://shop.example/",
      unmatched: true,
      options: [
        { label: "https://shop.example/", value: "https://shop.example/" },
        { label: "shop.example (whole domain)", value: "sc-domain:shop.example" },
      ],
    });
    expect(propertyChoice(connection("sc-domain:shop.example", properties))).toMatchObject({
      kind: "choose",
      initial: "sc-domain:shop.example",
      unmatched: false,
    });
    expect(propertyChoice(connection("https://shop.example/", properties.slice(0, 1))).kind).toBe("hidden");
    expect(propertyChoice(connection(null, properties.slice(2))).kind).toBe("none");
  });

  it("tells when the figures are being read", () => {
    expect([readingFigures({ reading: "queued" }), readingFigures({ reading: "reading" })]).toEqual([true, true]);
    expect(readingFigures({ reading: "failed" })).toBe(false);
  });
});

describe("ideas from Search Console", () => {
  const idea = (figures: Partial<SearchConsoleIdea>): SearchConsoleIdea =>
    ({
      query: "descale kettle",
      title: "Descale a kettle",
      keywords: ["descale kettle"],
      notes: "",
      impressions: 1200,
      previousImpressions: 900,
      clicks: 14,
      position: 8.2,
      ...figures,
    }) as SearchConsoleIdea;

  it("says an idea's figures, with the change on the 28 days before", () => {
    expect(ideaFigures(idea({}))).toBe(
      "1,200 impressions (+300 on the 28 days before), 14 clicks, average position 8.2",
    );
    expect(ideaFigures(idea({ previousImpressions: 1500, position: null }))).toBe(
      "1,200 impressions (−300 on the 28 days before), 14 clicks",
    );
    expect(ideaFigures(idea({ previousImpressions: 1200 }))).toBe("1,200 impressions, 14 clicks, average position 8.2");
  });

  it("adds ideas to the plan chosen, else the first", () => {
    const plans = [
      { id: 3, name: "Spring" },
      { id: 7, name: "Guides" },
    ];
    expect(ideasPlan(plans, 7)?.name).toBe("Guides");
    expect(ideasPlan(plans, null)?.name).toBe("Spring");
    expect(ideasPlan([], null)).toBeUndefined();
  });
});
