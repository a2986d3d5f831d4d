import { describe, expect, it } from "vitest";
import { applyVoice, fitSentenceLength } from "./apply-voice.ts";
import { respell, spellingOf } from "./spelling.ts";

const base = { person: "you", spelling: "US", formality: "neutral", sentenceWords: { mean: 0, spread: 0 } } as const;

describe("respell", () => {
  it("rewrites American spellings into British and back, keeping capitals and tags", () => {
    expect(respell('Organize the <a href="/color">color</a> catalog', "UK")).toBe(
      'Organise the <a href="/color">colour</a> catalogue',
    );
    expect(respell("Whilst we prioritise the colour programme", "US")).toBe("While we prioritize the color program");
  });

  it("does not force British words on American text where the American form has other senses", () => {
    expect(respell("Check the program while you wait", "UK")).toBe("Check the program while you wait");
    expect(spellingOf("whilst")).toBe("UK");
    expect(spellingOf("while")).toBeNull();
  });
});

describe("applyVoice", () => {
  it("speaks as “I” for a founder, telling advice as their own practice", () => {
    expect(
      applyVoice("At the studio, we help customers. We are glad to hear from you, so tell us.", {
        ...base,
        person: "I",
      }),
    ).toBe("At the studio, I help customers. I am glad to hear from you, so tell me.");
    // Advice to the reader becomes the founder's own practice; a sentence to the customer keeps its "you".
    expect(
      applyVoice("When you get the basics right, you spend less of your time on fixes.", { ...base, person: "I" }),
    ).toBe("When I get the basics right, I spend less of my time on fixes.");
    expect(
      applyVoice("If you would like a hand, get in touch. I would be glad to help you.", { ...base, person: "I" }),
    ).toBe("If you would like a hand, get in touch. I would be glad to help you.");
  });

  it("speaks as “we” for a business, keeping “you” where the business addresses its customer", () => {
    expect(
      applyVoice("If you plan ahead, your team saves time. This guide is for you.", { ...base, person: "we" }),
    ).toBe("If we plan ahead, our team saves time. This guide is for us.");
    expect(applyVoice("If you would like a hand, get in touch with us.", { ...base, person: "we" })).toBe(
      "If you would like a hand, get in touch with us.",
    );
    expect(applyVoice("We would be glad to help you.", { ...base, person: "we" })).toBe(
      "We would be glad to help you.",
    );
  });

  it("contracts for a casual voice and expands for a formal one", () => {
    expect(applyVoice("It is easy, and you do not need much.", { ...base, formality: "casual" })).toBe(
      "It's easy, and you don't need much.",
    );
    expect(applyVoice("It's easy, and you don't need much.", { ...base, formality: "formal" })).toBe(
      "It is easy, and you do not need much.",
    );
  });

  it("joins short sentences for a long-sentence voice and splits long ones for a short-sentence voice", () => {
    const short = "First, set a goal. Then, start small. Review it after a month.";
    const joined = fitSentenceLength(short, 20);
    expect(joined.split(/[.!?](?:\s|$)/).filter(Boolean).length).toBeLessThan(3);
    expect(joined).toContain("; then, start small");
    const long =
      "Pick the one task that takes too much of your time each week, and organize it properly before you move on.";
    const split = fitSentenceLength(long, 6);
    expect(split).toBe(
      "Pick the one task that takes too much of your time each week. And organize it properly before you move on.",
    );
  });

  it("leaves links alone", () => {
    const html = 'See <a href="https://example.com/your-guide">your guide</a> for more.';
    expect(applyVoice(html, { ...base, person: "we", spelling: "UK" })).toBe(
      'See <a href="https://example.com/your-guide">our guide</a> for more.',
    );
  });
});
