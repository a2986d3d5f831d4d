import { describe, expect, it } from "vitest";
import { deriveVoiceProfile } from "./derive-voice-profile.ts";
import { describeVoice } from "./describe-voice.ts";
import { SAMPLE_SITES } from "./fixtures/sample-sites.ts";
import { voiceExample } from "./voice-example.ts";

const site = (id: string) => SAMPLE_SITES.find((s) => s.id === id)!;
const profileOf = (id: string) => deriveVoiceProfile(site(id).posts.map((p) => ({ title: p.title, body: p.body })));

describe("deriveVoiceProfile", () => {
  it("reads a formal British B2B firm that writes as “we”", () => {
    const voice = profileOf("harcourt");
    expect(voice).toMatchObject({
      person: "we",
      formality: "formal",
      spelling: "UK",
      closing: "call-to-action",
      source: "posts",
      postsRead: 6,
    });
    expect(voice.sentenceWords.mean).toBeGreaterThan(22);
    expect(voice.headingsPer1000Words).toBeGreaterThan(5);
    expect(voice.wordsUsed).toEqual(expect.arrayContaining(["organisation", "please"]));
    expect(voice.closingExample).toMatch(/please contact/i);
    expect(voice.fingerprint.ukShare).toBeGreaterThan(0.8);
  });

  it("reads a casual American shop that writes short sentences to “you”", () => {
    const voice = profileOf("trailhead");
    expect(voice).toMatchObject({ person: "you", formality: "casual", spelling: "US", closing: "question" });
    expect(voice.sentenceWords.mean).toBeLessThan(9);
    expect(voice.listsPer1000Words).toBeGreaterThan(5);
    expect(voice.fingerprint.person.you).toBeGreaterThan(0.7);
    // Words it never uses, from the list of blog clichés
    expect(voice.wordsAvoided).toContain("leverage");
  });

  it("reads a founder's first-person notes, signed off by name, with no headings or lists", () => {
    const voice = profileOf("mara");
    expect(voice).toMatchObject({ person: "I", spelling: "US", closing: "sign-off", headingsPer1000Words: 0 });
    expect(voice.listsPer1000Words).toBe(0);
    expect(voice.formality).not.toBe("formal");
    expect(voice.closingExample).toBe("Thanks for reading, Mara");
    expect(voice.wordsUsed).toEqual(expect.arrayContaining(["clay", "studio"]));
  });

  it("reads plain text as well as HTML, and at most 20 posts", () => {
    const post = {
      body: "# Our news\n\nWe have moved the workshop. We are now in the old mill, and we love it.\n\n- Bigger kilns\n- More light\n\nCome and see us!",
    };
    const voice = deriveVoiceProfile(Array.from({ length: 25 }, () => post));
    expect(voice.postsRead).toBe(20);
    expect(voice.person).toBe("we");
    expect(voice.headingsPer1000Words).toBeGreaterThan(0);
    expect(voice.listsPer1000Words).toBeGreaterThan(0);
    expect(voice.closing).toBe("call-to-action");
  });

  it("has no spelling figure without words spelt differently in the US and the UK", () => {
    const voice = deriveVoiceProfile([{ body: "<p>The cat sat on the mat. It was warm.</p>" }]);
    expect(voice.fingerprint.ukShare).toBeNull();
    expect(voice.spelling).toBe("US");
  });
});

describe("describeVoice and voiceExample", () => {
  it("says the voice in plain words", () => {
    const lines = describeVoice(profileOf("harcourt"));
    expect(lines[0]).toBe("Speaks as “we”, for the business.");
    expect(lines.join(" ")).toMatch(/British spelling/);
    expect(lines.join(" ")).toMatch(/Sentences of about 28 words/);
    expect(lines.join(" ")).toMatch(/call to action/);
  });

  it("writes the example paragraph in the voice", () => {
    const formal = voiceExample(profileOf("harcourt"));
    expect(formal).toMatch(/organise/);
    expect(formal).not.toMatch(/n't|it's/i);
    const casual = voiceExample(profileOf("trailhead"));
    expect(casual).toMatch(/don't|It's/);
    expect(casual.trim().endsWith("?")).toBe(true);
    const founder = voiceExample(profileOf("mara"));
    expect(founder).toMatch(/\bI hear\b/);
    expect(founder).toMatch(/Thanks for reading, Mara$/);
  });
});
