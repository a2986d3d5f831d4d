import { describe, expect, it } from "vitest";
import { fitSeoTitle } from "./fit-seo-title.ts";
import { scoreTitle } from "./score-title.ts";
import { TITLE_MAX_WIDTH_PX, titleWidthPx } from "../contracts/title-width.ts";

describe("fitSeoTitle", () => {
  it("keeps a candidate that starts with the keyphrase and fits Google's width", () => {
    const title = fitSeoTitle({
      candidates: ["Coffee Grinder Guide: How to Choose the Right One"],
      keyphrase: "coffee grinder",
      title: "Choosing Your Next Grinder",
    });
    expect(title).toBe("Coffee Grinder Guide: How to Choose the Right One");
  });

  it("puts the keyphrase first when no candidate has it", () => {
    const title = fitSeoTitle({
      candidates: ["Morning Rituals"],
      keyphrase: "cold brew",
      title: "A Calm and Easy Start to Every Summer Day at Home",
    });
    expect(title).toBe("Cold brew: A Calm and Easy Start to Every Summer Day at Home");
    expect(scoreTitle(title, "cold brew")).toBe(100);
  });

  it("cuts a title wider than about 600 px at a word boundary", () => {
    const long = "Sourdough Starter: Everything You Need to Know About Feeding, Storing and Reviving It at Home";
    const title = fitSeoTitle({ candidates: [long], keyphrase: "sourdough starter", title: long });
    expect(titleWidthPx(title)).toBeLessThanOrEqual(TITLE_MAX_WIDTH_PX);
    expect(long.startsWith(title)).toBe(true);
    expect(title).toMatch(/^Sourdough Starter: /);
  });
});

describe("fitSeoTitle with a short title", () => {
  it("fills it out towards Google's width, with the brand when there is one", () => {
    const branded = fitSeoTitle({
      candidates: ["Dog Food Tips"],
      keyphrase: "dog food",
      title: "Dog Food Tips",
      brand: "Happy Paws Organic Pet Food Company",
    });
    expect(branded).toBe("Dog Food Tips | Happy Paws Organic Pet Food Company");
    const plain = fitSeoTitle({ candidates: ["Dog Food Tips"], keyphrase: "dog food", title: "Dog Food Tips" });
    expect(plain).toMatch(/^Dog Food Tips(: | – )/);
    expect(scoreTitle(plain, "dog food")).toBe(100);
  });
});

describe("fitSeoTitle with the owner's own title", () => {
  it("works the keyphrase into the owner's words where they name part of it, rather than prefixing it", () => {
    const candidates = ["Pour-over coffee explained: what to know before you start"];
    expect(
      fitSeoTitle({ candidates, keyphrase: "pour-over coffee", title: "Pour-over vs French press: which suits you?" }),
    ).toBe("Pour-over coffee vs French press: which suits you?");
    const grinders = fitSeoTitle({
      candidates: ["Burr grinder explained: what to know before you start"],
      keyphrase: "burr grinder",
      title: "Why our grinders outlast the rest",
    });
    expect(grinders).toMatch(/^Why our burr grinders outlast the rest\b/);
    expect(scoreTitle(grinders, "burr grinder")).toBe(100);
    // Filled out in the title's own style: no Title Case ending on a sentence-case title.
    expect(grinders).not.toMatch(/[:–] [A-Z]/);
  });

  it("leaves a title that already has the keyphrase as it is", () => {
    const title = "Why a burr grinder lasts longer than a blade grinder";
    expect(fitSeoTitle({ candidates: [], keyphrase: "burr grinder", title })).toBe(title);
  });
});
