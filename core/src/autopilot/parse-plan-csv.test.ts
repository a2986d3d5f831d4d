import { describe, expect, it } from "vitest";
import { parsePlanCsv } from "./parse-plan-csv.ts";

const today = new Date("2026-11-23T12:00:00Z");

describe("parsePlanCsv", () => {
  it("reads titles, keywords, notes and dates, in any column order and case", () => {
    const csv = [
      "Keywords,Title,Date,Notes",
      'dog food; puppies,"Best food for puppies, by age",2026-12-01,Mention our own brand',
      "garden|spring,Spring garden checklist,,",
    ].join("\n");
    const result = parsePlanCsv(csv, "Europe/Paris", today);
    expect(result).toEqual({
      ok: true,
      items: [
        {
          title: "Best food for puppies, by age",
          keywords: ["dog food", "puppies"],
          notes: "Mention our own brand",
          // Midnight of that day in the owner's zone.
          preferredDate: new Date("2026-11-30T23:00:00Z"),
        },
        { title: "Spring garden checklist", keywords: ["garden", "spring"], notes: null, preferredDate: null },
      ],
    });
  });

  it("reports every bad row with its line and reason, and imports nothing", () => {
    const csv = [
      "title,keywords,date",
      "Good post,seo,",
      ",seo,", // line 3: no title
      "No keywords,,", // line 4
      "Bad date,seo,30/03/2026", // line 5
      "Past,seo,2026-01-01", // line 6
      "good post,other,", // line 7: same title as line 2
    ].join("\r\n");
    expect(parsePlanCsv(csv, "UTC", today)).toEqual({
      ok: false,
      problems: [
        { line: 3, reason: "The title is empty." },
        { line: 4, reason: "Give at least one keyword." },
        { line: 5, reason: 'The date "30/03/2026" is not a date like 2026-03-30.' },
        { line: 6, reason: "The date 2026-01-01 has passed." },
        { line: 7, reason: "The same title is on line 2." },
      ],
    });
  });

  it("refuses a keyword longer than 100 characters, as the API does for a title typed", () => {
    const long = "k".repeat(101);
    const csv = ["title,keywords", `Fine,${"k".repeat(100)}`, `Too long,seo;${long}`].join("\n");
    expect(parsePlanCsv(csv, "UTC", today)).toEqual({
      ok: false,
      problems: [{ line: 3, reason: `The keyword "${"k".repeat(30)}..." is longer than 100 characters.` }],
    });
  });

  it("gives the line of a row inside a file whose quoted cells span lines", () => {
    const csv = 'title,keywords,notes\n"First",a,"two\nlines"\n"",b,\n';
    expect(parsePlanCsv(csv, "UTC", today)).toEqual({
      ok: false,
      problems: [{ line: 4, reason: "The title is empty." }],
    });
  });

  it("refuses a file without the required columns, an empty file and broken quoting", () => {
    expect(parsePlanCsv("name,tags\nA,b\n", "UTC", today)).toEqual({
      ok: false,
      problems: [
        { line: 1, reason: "The first row must name the columns title and keywords (missing: title, keywords)." },
      ],
    });
    expect(parsePlanCsv("", "UTC", today)).toEqual({
      ok: false,
      problems: [{ line: 1, reason: "The file is empty." }],
    });
    const broken = parsePlanCsv('title,keywords\n"Unclosed,seo\n', "UTC", today);
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.problems[0]!.reason).toBe("The file is not valid CSV here (check the quotes).");
  });

  it("accepts a byte-order mark, as spreadsheet programs write one", () => {
    const result = parsePlanCsv("\uFEFFtitle,keywords\nA post,seo\n", "UTC", today);
    expect(result.ok && result.items.map((i) => i.title)).toEqual(["A post"]);
  });
});
