// How a keyphrase reads inside the sentences the offline writer adds, and the agreement its templates fill.
import { describe, expect, it } from "vitest";
import { gerund, indefiniteArticle, isPluralPhrase, proseKeyphrase, withArticle } from "./keyphrase-grammar.ts";
import { generatePostSchema } from "../../contracts/blog.ts";
import { offlineMetaDescription } from "./meta-description.ts";
import { writeOfflinePost } from "./write-post.ts";

describe("a keyphrase as a sentence reads it", () => {
  it("tells plural noun phrases from singular ones", () => {
    expect(isPluralPhrase("coffee grinders")).toBe(true);
    expect(isPluralPhrase("linen aprons")).toBe(true);
    expect(isPluralPhrase("people")).toBe(true);
    expect(isPluralPhrase("cast iron pan")).toBe(false);
    expect(isPluralPhrase("French press")).toBe(false);
    expect(isPluralPhrase("AeroPress")).toBe(false);
    expect(isPluralPhrase("espresso basics")).toBe(true);
  });

  it("makes the -ing form of a verb", () => {
    expect(["care", "descale", "stop", "brew", "clean", "tie", "fix", "open"].map(gerund)).toEqual([
      "caring",
      "descaling",
      "stopping",
      "brewing",
      "cleaning",
      "tying",
      "fixing",
      "opening",
    ]);
  });

  it("reads a question as what it asks about, and keeps brand spellings", () => {
    expect(proseKeyphrase("how to descale a kettle")).toMatchObject({ text: "descaling a kettle", activity: true });
    expect(proseKeyphrase("How do I clean a French press?")).toMatchObject({ text: "cleaning a French press" });
    expect(proseKeyphrase("what are burr grinders")).toMatchObject({ text: "burr grinders", plural: true });
    expect(proseKeyphrase("what is cold brew")).toMatchObject({ text: "cold brew", plural: false });
    expect(proseKeyphrase("why is my espresso bitter")).toMatchObject({ text: "bitter espresso" });
    expect(proseKeyphrase("when should beans be ground")).toMatchObject({ question: true });
    expect(proseKeyphrase("AeroPress recipes")).toMatchObject({ text: "AeroPress recipes", plural: true });
  });

  it("reads a keyphrase made of a title's words as the title says it", () => {
    expect(proseKeyphrase("care coffee grinder", "How to Care for a Coffee Grinder (3)")).toMatchObject({
      text: "caring for a coffee grinder",
      activity: true,
    });
    // A keyphrase the title holds as a phrase stays as it is.
    expect(proseKeyphrase("coffee grinders", "The Best Coffee Grinders of 2023").text).toBe("coffee grinders");
  });
});

describe("a keyphrase named as one of a kind", () => {
  it('gives a singular count noun "a" or "an" by its sound, and plurals, mass nouns and names none', () => {
    expect(withArticle("roaster apron")).toBe("a roaster apron");
    expect(withArticle("espresso machine")).toBe("an espresso machine");
    expect(withArticle("SEO audit")).toBe("an SEO audit");
    expect(withArticle("user guide")).toBe("a user guide");
    expect(withArticle("linen aprons")).toBe("linen aprons");
    expect(withArticle("cold brew")).toBe("cold brew");
    expect(withArticle("skin care")).toBe("skin care");
    expect(withArticle("AeroPress")).toBe("AeroPress");
    expect(withArticle("Chemex")).toBe("Chemex");
    expect(withArticle("the best coffee grinders")).toBe("the best coffee grinders");
    expect(withArticle("descaling a kettle", { activity: true })).toBe("descaling a kettle");
    expect(
      ["hour", "honest review", "unicorn mug", "umbrella", "one-cup brewer", "herb garden"].map(indefiniteArticle),
    ).toEqual(["an", "an", "a", "an", "a", "a"]);
  });

  it("reads with its article after what, why, about and with in the offline writer's post and meta description", () => {
    const sentences = (keyphrase: string, title: string) => {
      const post = writeOfflinePost(generatePostSchema.parse({ title, keywords: [keyphrase] }));
      return `${post.html.replace(/<[^>]+>/g, " ")} ${post.metaDescription}`;
    };
    const bare = (kp: string) =>
      new RegExp(String.raw`\b(?:what|why|about|with|from|of|to|overthink|overcomplicate|give|turns|is) ${kp}\b`, "i");
    const apron = sentences("roaster apron", "Choosing a Roaster Apron for the Shop");
    expect(apron).not.toMatch(bare("roaster apron"));
    expect(apron).toMatch(/what a roaster apron really involves|about a roaster apron/);
    const machine = sentences("espresso machine", "Espresso machine care at home");
    expect(machine).not.toMatch(bare("espresso machine"));
    expect(machine).toMatch(/\ban espresso machine\b/);
    expect(machine).not.toMatch(/\ba espresso machine\b/i);
    const aprons = sentences("linen aprons", "Why linen aprons last");
    expect(aprons).toMatch(/about linen aprons|what linen aprons really involve/);
    expect(aprons).not.toMatch(/\ban? linen aprons\b/i);
    const brand = sentences("AeroPress", "Getting started with the AeroPress");
    expect(brand).toMatch(/\bAeroPress\b/);
    expect(brand).not.toMatch(/\ban? AeroPress\b/i);
  });

  it("writes a task typed as a command as the activity, without an article, and a superlative with 'the'", () => {
    const sentences = (keyphrase: string, title: string) => {
      const post = writeOfflinePost(generatePostSchema.parse({ title, keywords: [keyphrase] }));
      return { text: `${post.html.replace(/<[^>]+>/g, " ")} ${post.metaDescription}`, post };
    };
    const kettle = sentences("descale a kettle", "How to descale a kettle");
    expect(kettle.text).not.toMatch(/\ban? descale a kettle\b/i);
    expect(kettle.text).not.toMatch(/\b(?:about|thinking about|overthink|of) descale a kettle\b/i);
    expect(kettle.text).toMatch(/\bdescaling a kettle\b/i);
    // The owner's words stay theirs where they are a command, and the post still scores on its keyphrase.
    expect(kettle.post.title).toBe("How to descale a kettle");
    expect(kettle.text).toMatch(/\bhow to descale a kettle\b/i);
    const sheets = sentences("wash linen sheets", "How to wash linen sheets");
    expect(sheets.text).not.toMatch(/\b(?:about|out of|overthink|overcomplicate) wash linen sheets\b/i);
    expect(sheets.text).toMatch(/\bwashing linen sheets\b/i);
    const grinders = sentences("best coffee grinders", "Best coffee grinders for 2026");
    expect(grinders.text).not.toMatch(/\b(?:about|out of|of|with) best coffee grinders\b/i);
    expect(grinders.text).toMatch(/\bthe best coffee grinders\b/i);
  });
});

describe("the offline meta description", () => {
  it("agrees with a plural keyphrase and never pastes one into 'how … works'", () => {
    for (const pick of [0, 1, 2, 3]) {
      const plural = offlineMetaDescription("best burr grinder picks", "", () => pick);
      expect(plural).not.toMatch(/\bworks\b|picks matters|picks involves|it involves|it matters/);
      const withCompany = offlineMetaDescription("best burr grinder picks", "Roastery", () => pick % 2);
      expect(withCompany).not.toMatch(/how best burr grinder picks works?/);
      const singular = offlineMetaDescription("cold brew", "", () => pick);
      expect(singular).not.toMatch(/cold brew matter\b|they involve/);
    }
  });
});

describe("a keyphrase worked out from a title", () => {
  it("reads with the title's spelling and the small words between its words", () => {
    expect(proseKeyphrase("pour grinders", "Pour Over Grinders")).toMatchObject({
      text: "pour over grinders",
      plural: true,
    });
    expect(proseKeyphrase("aeropress recipes", "AeroPress recipes: a smooth cup")).toMatchObject({
      text: "AeroPress recipes",
      plural: true,
    });
  });
});

describe("a keyphrase's shape", () => {
  it("reads a task as an activity, singular, and never before a noun", () => {
    expect(proseKeyphrase("wash linen sheets", "How We Wash Linen Sheets")).toEqual({
      text: "washing linen sheets",
      plural: false,
      activity: true,
      question: false,
      modifier: false,
    });
    expect(proseKeyphrase("descale a kettle")).toMatchObject({ text: "descaling a kettle", activity: true });
    // A verb that is often a noun before a noun starts a task only when the title asks how to do it.
    expect(proseKeyphrase("paint colours", "Paint Colours for Small Rooms")).toMatchObject({
      text: "paint colours",
      activity: false,
      plural: true,
    });
    expect(proseKeyphrase("paint a fence", "How to Paint a Fence in a Weekend")).toMatchObject({
      text: "painting a fence",
      activity: true,
    });
  });

  it("reads a superlative with its article", () => {
    expect(proseKeyphrase("best coffee grinders", "The Best Coffee Grinders of 2023")).toMatchObject({
      text: "the best coffee grinders",
      plural: true,
      modifier: false,
    });
    expect(proseKeyphrase("top 10 grinders").text).toBe("top 10 grinders");
  });

  it("puts only a short singular noun phrase before another noun", () => {
    expect(proseKeyphrase("cold brew").modifier).toBe(true);
    expect(proseKeyphrase("cast iron pan").modifier).toBe(true);
    expect(proseKeyphrase("linen aprons").modifier).toBe(false);
    expect(proseKeyphrase("what is cold brew").modifier).toBe(true);
    expect(proseKeyphrase("when should beans be ground").modifier).toBe(false);
  });

  it("keeps a name the title capitalises, in a title written in sentence case", () => {
    expect(proseKeyphrase("chemex", "Getting started with the Chemex").text).toBe("Chemex");
    // A title in Title Case capitalises every word: that says nothing of names.
    expect(proseKeyphrase("pour over kettles", "The Pour Over Kettles We Use").text).toBe("pour over kettles");
  });
});
