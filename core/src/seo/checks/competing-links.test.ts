import { describe, expect, it } from "vitest";
import { analyzeSeo } from "../analyze-seo.ts";
import { contextFor, p } from "../test-support/build-post.ts";
import { SAMPLE_POST } from "../test-support/sample-post.ts";
import { checkCompetingLinks } from "./competing-links.ts";

const link = (text: string, href = "https://roastery.example/category/coffee-brewing/") =>
  `<a href="${href}">${text}</a>`;
const check = (html: string, keyphrase = "coffee brewing") =>
  checkCompetingLinks(contextFor({ html: p(`Brewing coffee at home is easy. ${html}`), keyphrase }));

describe("checkCompetingLinks", () => {
  it("fails a link whose text is the keyphrase, with Yoast's message and the link text", () => {
    const result = check(`For more, see ${link("Coffee Brewing")}.`);
    expect(result?.status).toBe("fail");
    expect(result?.label).toBe("Competing links");
    expect(result?.message).toBe(
      'You have a link which uses your keyphrase as its anchor text ("Coffee Brewing"). Fix that! Link with other words, so that this post, not the page it links to, ranks for "coffee brewing".',
    );
  });

  it("matches the keyphrase's words in any order and form, and ignores function words", () => {
    expect(check(`Read ${link("the brewing of coffees")}.`)?.status).toBe("fail");
    expect(check(`Read ${link("coffee brewer")}.`)?.status).toBe("fail");
    expect(check(`Read ${link("pour over set")}.`, "pour-over set")?.status).toBe("fail");
  });

  it("passes link text that holds only some of the keyphrase, or more than it, as Yoast does", () => {
    for (const text of ["our brewing page", "Brewing Guides", "coffee brewing guides for beginners"]) {
      const result = check(`Read ${link(text)}.`);
      expect(result?.status).toBe("pass");
      expect(result?.message).toBe("There are no links which use your keyphrase as their anchor text. Nice!");
    }
  });

  it("does not count links to the same page", () => {
    expect(check(`Jump to ${link("coffee brewing", "#coffee-brewing")}.`)?.status).toBe("pass");
  });

  it("is skipped without a keyphrase, as in Yoast", () => {
    expect(checkCompetingLinks(contextFor({ html: p(link("coffee")), keyphrase: "", keywords: [] }))).toBeNull();
  });

  it("lowers the score of the post that has such a link", () => {
    const base = { ...SAMPLE_POST, keyphrase: "coffee grinder" };
    const clean = analyzeSeo({ ...base, html: `${base.html}${p(`See ${link("our grinder page")}.`)}` });
    const competing = analyzeSeo({ ...base, html: `${base.html}${p(`See ${link("Coffee Grinders")}.`)}` });
    expect(clean.checks.find((c) => c.id === "competing-links")?.status).toBe("pass");
    expect(competing.checks.find((c) => c.id === "competing-links")?.status).toBe("fail");
    expect(competing.score).toBeLessThan(clean.score);
  });
});
