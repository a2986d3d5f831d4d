// The sections the offline writer proposes for a refresh read as a person would write them for the post's own
// keyphrase: grammatical headings and questions, the keyphrase in the form a sentence takes ("washing linen sheets",
// "the best coffee grinders", "linen aprons are"), never forced where it does not fit.
import { describe, expect, it } from "vitest";
import { htmlToText } from "../seo/document/html-to-text.ts";
import { writeMissingSections } from "./write-missing-sections.ts";

async function offline(keyphrase: string, title: string) {
  const { sections, generator } = await writeMissingSections(
    {},
    {
      title,
      keyphrase,
      siteName: "Roastery",
      html: "<p>A short post.</p>",
      words: 3,
      failing: new Set(["text-length", "keyphrase-in-subheadings", "keyphrase-density"]),
      now: new Date("2026-11-28T10:00:00Z"),
    },
  );
  expect(generator).toBe("offline");
  const headings = sections.flatMap((s) => [...s.html.matchAll(/<h[23][^>]*>(.*?)<\/h[23]>/g)].map((m) => m[1]!));
  const text = sections.map((s) => htmlToText(s.html)).join(" ");
  return { headings, text };
}

describe("the offline writer's refresh sections", () => {
  it("names a task as an activity: singular, asked about as one, its mistakes made when doing it", async () => {
    const { headings, text } = await offline("wash linen sheets", "How We Wash Linen Sheets");
    expect(headings.join(" | ")).not.toMatch(/\bwash linen sheets\b/i);
    expect(headings.join(" | ")).not.toMatch(/What (?:Is|Are) Washing/);
    expect(headings.some((h) => /Washing Linen Sheets/.test(h))).toBe(true);
    expect(text).not.toMatch(/\bwashing linen sheets are\b|\bare washing linen sheets\b/i);
    expect(text).not.toMatch(/\bwash linen sheets\b/i);
    for (const heading of headings.filter((h) => /Mistakes|Pitfalls/.test(h))) expect(heading).toMatch(/When Washing/);
    for (const heading of headings.filter((h) => /Checklist/.test(h))) expect(heading).toMatch(/Checklist for Washing/);
  });

  it("reads a superlative keyphrase with its article", async () => {
    const { headings, text } = await offline("best coffee grinders", "The Best Coffee Grinders of 2023");
    expect(headings.join(" | ")).not.toMatch(/(?:^|\| )(?:What Are|Why|Understanding|Common) Best Coffee/);
    expect(headings.join(" | ")).not.toMatch(/Best Coffee Grinders (?:Mistakes|Pitfalls|Checklist)/);
    expect(text).toMatch(/the best coffee grinders/i);
    expect(text).not.toMatch(/(?:about|overthink|overcomplicate|are) best coffee grinders/i);
  });

  it("agrees with a plural and keeps it after a preposition rather than before a noun", async () => {
    const { headings, text } = await offline("linen aprons", "Linen aprons: why they last");
    expect(headings.join(" | ")).not.toMatch(/Linen Aprons (?:Mistakes|Pitfalls|Checklist)/);
    expect(text).not.toMatch(/linen aprons is\b|linen aprons the time it needs/i);
  });

  it("keeps a short noun before a noun and a brand's capital", async () => {
    const brew = await offline("cold brew", "Cold Brew at Home");
    expect(brew.text).not.toMatch(/\bcold brew are\b/i);
    const chemex = await offline("chemex", "Getting started with the Chemex");
    expect(chemex.text).toMatch(/\bChemex\b/);
    expect(chemex.text).not.toMatch(/\bchemex\b/);
  });

  it('names a singular keyphrase with "a" or "an" after what, why, about and with; a plural or a brand with none', async () => {
    const apron = await offline("roaster apron", "Choosing a roaster apron");
    const all = (sections: { headings: string[]; text: string }) =>
      `${sections.headings.join(" | ")} | ${sections.text}`;
    expect(all(apron)).not.toMatch(/\b(?:what|why|about|with|from|of|to|overthink|overcomplicate|is) roaster apron\b/i);
    expect(all(apron)).toMatch(/\ba roaster apron\b/i);
    const machine = await offline("espresso machine", "Looking after an espresso machine");
    expect(all(machine)).toMatch(/\ban espresso machine\b/i);
    expect(all(machine)).not.toMatch(/\b(?:a|what|why|about|with|of|is) espresso machine\b/i);
    const aprons = await offline("linen aprons", "Linen aprons: why they last");
    expect(all(aprons)).not.toMatch(/\ban? linen aprons\b/i);
    const chemex = await offline("chemex", "Getting started with the Chemex");
    expect(all(chemex)).not.toMatch(/\ban? Chemex\b/i);
  });
});
