import { describe, expect, it } from "vitest";
import { analyzeSeo, countWords, htmlToText, readingTimeMinutes } from "./index.ts";
import { h, p, proseOfWords } from "./test-support/build-post.ts";
import { SAMPLE_POST } from "./test-support/sample-post.ts";

describe("analyzeSeo", () => {
  it("rates a well-optimised 2,000-word post as excellent", () => {
    const report = analyzeSeo(SAMPLE_POST);
    expect(report.score).toBeGreaterThanOrEqual(90);
    expect(report.checks.filter((check) => check.status === "fail")).toEqual([]);
    expect(report.wordCount).toBeGreaterThan(1900);
    expect(report.readingTime).toBe(Math.ceil(report.wordCount / 200));
    expect(report.keyphraseDensity).toBeGreaterThanOrEqual(0.5);
    expect(report.fleschReadingEase).toBeGreaterThan(60);
  });

  it("rates a thin, unoptimised post as needing improvement, with a fix for every failure", () => {
    const report = analyzeSeo({
      title: "Some Thoughts",
      metaDescription: "",
      html: `<h1>Some Thoughts</h1>${p(
        "Particle size distribution significantly influences extraction kinetics, consequently determining the organoleptic characteristics of the resulting beverage.",
      )}`,
      keyphrase: "coffee grinder",
    });
    expect(report.score).toBeLessThan(50);
    const failures = report.checks.filter((check) => check.status === "fail");
    expect(failures.length).toBeGreaterThan(8);
    for (const failure of failures) expect(failure.message.length).toBeGreaterThan(20);
  });

  it("runs every check once, each with an id, a label, a status and a message", () => {
    const { checks } = analyzeSeo(SAMPLE_POST);
    const ids = checks.map((check) => check.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([
      "keyphrase-in-title",
      "keyphrase-in-introduction",
      "keyphrase-density",
      "keyphrase-in-meta-description",
      "keyphrase-in-subheadings",
      "keyphrase-in-image-alt",
      "keyphrase-length",
      "secondary-keywords",
      "title-width",
      "meta-description-length",
      "text-length",
      "single-h1",
      "internal-links",
      "outbound-links",
      "competing-links",
      "paragraph-length",
      "sentence-length",
      "subheading-distribution",
      "passive-voice",
      "transition-words",
      "flesch-reading-ease",
    ]);
    for (const check of checks) {
      expect(check.label).not.toBe("");
      expect(["pass", "warn", "fail"]).toContain(check.status);
      expect(check.message).not.toBe("");
    }
  });

  it("counts only visible words: no tags, scripts or styles", () => {
    const html = `<style>.x{}</style>${h(2, "Grind fresh")}${p("Fresh <strong>beans</strong> taste sweeter.")}<script>var a = "one two three";</script>`;
    const report = analyzeSeo({ ...SAMPLE_POST, html });
    expect(report.wordCount).toBe(6);
    expect(report.wordCount).toBe(countWords(htmlToText(html)));
    expect(report.readingTime).toBe(1);
  });

  it("reports the reading time at 200 words a minute, rounded up", () => {
    const report = analyzeSeo({ ...SAMPLE_POST, html: proseOfWords(1001) });
    expect(report.wordCount).toBe(1001);
    expect(report.readingTime).toBe(6);
    expect(readingTimeMinutes(report.wordCount)).toBe(6);
  });

  it("uses the first keyword when no keyphrase is given", () => {
    const report = analyzeSeo({ ...SAMPLE_POST, keyphrase: " ", keywords: ["coffee grinder", "espresso"] });
    expect(report.checks.find((check) => check.id === "keyphrase-in-title")?.status).toBe("pass");
    expect(report.keyphraseCount).toBeGreaterThan(0);
  });

  it("copes with an empty post", () => {
    const report = analyzeSeo({ title: "", metaDescription: "", html: "", keyphrase: "" });
    expect(report.wordCount).toBe(0);
    expect(report.readingTime).toBe(1);
    expect(report.keyphraseDensity).toBe(0);
    expect(report.fleschReadingEase).toBe(0);
    expect(Number.isInteger(report.score)).toBe(true);
    expect(report.score).toBeLessThan(50);
  });
});
