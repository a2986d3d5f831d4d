import { describe, expect, it } from "vitest";
import {
  holdsKeyphrase,
  isKeyphraseLinkText,
  linkTextWithoutKeyphrase,
  nonCompetingSpan,
  wordBase,
} from "./link-text.ts";

const span = (text: string, keyphrase: string) => {
  const found = nonCompetingSpan(text, keyphrase);
  return found === null ? null : text.slice(found.start, found.end);
};

describe("wordBase", () => {
  it("gives a word's forms one base, as Yoast SEO's English morphology does", () => {
    for (const form of ["brew", "brews", "brewed", "brewing", "brewer"]) expect(wordBase(form)).toBe(wordBase("brew"));
    expect(wordBase("Grinder's")).toBe(wordBase("grinders"));
    expect(wordBase("water")).not.toBe(wordBase("what"));
  });
});

describe("holdsKeyphrase and isKeyphraseLinkText", () => {
  it("finds every content word of the keyphrase in any order; hyphens separate words", () => {
    expect(holdsKeyphrase("How to Clean a Coffee Grinder", "coffee grinder")).toBe(true);
    expect(holdsKeyphrase("grinders for coffee", "coffee grinder")).toBe(true);
    expect(holdsKeyphrase("A Beginner's Pour-Over Set", "pour-over set")).toBe(true);
    expect(holdsKeyphrase("Burr grinders", "coffee grinder")).toBe(false);
  });

  it("calls link text competing only when it is the keyphrase, as Yoast SEO does", () => {
    expect(isKeyphraseLinkText("Coffee Brewing", "coffee brewing")).toBe(true);
    expect(isKeyphraseLinkText("the brewing of coffee", "coffee brewing")).toBe(true);
    expect(isKeyphraseLinkText("How to Clean a Coffee Grinder", "coffee grinder")).toBe(false);
  });
});

describe("linkTextWithoutKeyphrase", () => {
  it("keeps a title that does not hold the whole keyphrase", () => {
    expect(linkTextWithoutKeyphrase("Brewing Guides", "coffee brewing")).toBe("Brewing Guides");
  });

  it("drops the first keyphrase word of a title that holds it all", () => {
    expect(linkTextWithoutKeyphrase("How to Clean a Coffee Grinder", "coffee grinder")).toBe("How to Clean a Grinder");
    expect(linkTextWithoutKeyphrase("Burr Grinder or Blade Grinder?", "burr grinder")).toBe("Grinder or Blade Grinder");
    expect(linkTextWithoutKeyphrase("A Beginner's Pour-Over Set", "pour-over set")).toBe("A Beginner's Set");
  });

  it("names the page around a lone word left, and falls back when nothing is left", () => {
    expect(linkTextWithoutKeyphrase("Coffee Brewing", "coffee brewing")).toBe("our brewing page");
    expect(linkTextWithoutKeyphrase("Coffee", "coffee")).toBe("this related page");
  });

  it("never returns text that holds the keyphrase", () => {
    const titles = ["Coffee Brewing", "Brewing Coffee, Brewing Tea", "Coffee grinders: the coffee grinder guide"];
    for (const title of titles) {
      for (const keyphrase of ["coffee brewing", "coffee grinder", "coffee"]) {
        expect(holdsKeyphrase(linkTextWithoutKeyphrase(title, keyphrase), keyphrase)).toBe(false);
      }
    }
  });
});

describe("nonCompetingSpan", () => {
  it("keeps the piece beside a keyphrase word that names the most, the later one on a tie", () => {
    expect(span("coffee brewing guide", "coffee brewing")).toBe("brewing guide");
    expect(span("the history of coffee brewing", "coffee brewing")).toBe("history of coffee");
    expect(span("Coffee Brewing", "coffee brewing")).toBe("Brewing");
    expect(span("Seasoning Cast Iron the Easy Way", "cast iron")).toBe("Iron the Easy Way");
    expect(span("Brewing Guides", "coffee brewing")).toBe("Brewing Guides");
  });

  it("finds no part in text that is only the keyphrase's words", () => {
    expect(span("coffee", "coffee")).toBeNull();
    expect(span("coffee coffee", "coffee")).toBeNull();
  });
});
