import { describe, expect, it } from "vitest";
import { deriveVoiceProfile } from "./derive-voice-profile.ts";
import { editVoiceProfile } from "./edit-voice-profile.ts";
import { SAMPLE_SITES } from "./fixtures/sample-sites.ts";
import { voiceDistance } from "./voice-distance.ts";
import { VOICE_PRESETS, voicePreset } from "./voice-presets.ts";

const bodies = (posts: Array<{ body: string }>) => posts.map((p) => ({ body: p.body }));

describe("voiceDistance", () => {
  it("puts every sample post closer to its own site's other posts than to the other sites", () => {
    const profiles = SAMPLE_SITES.map((s) => deriveVoiceProfile(bodies(s.posts)));
    SAMPLE_SITES.forEach((site, i) => {
      site.posts.forEach((post, j) => {
        // Its own site's voice without the post itself.
        const own = deriveVoiceProfile(bodies(site.posts.filter((_, k) => k !== j)));
        const ownDistance = voiceDistance(post.body, own).distance;
        profiles.forEach((other, k) => {
          if (k !== i)
            expect(ownDistance, `${site.id} post ${j} vs ${SAMPLE_SITES[k]!.id}`).toBeLessThan(
              voiceDistance(post.body, other).distance,
            );
        });
      });
    });
  });

  it("gives a 0-100 match and each part of the distance", () => {
    const voice = deriveVoiceProfile(bodies(SAMPLE_SITES[0]!.posts));
    const same = voiceDistance(SAMPLE_SITES[0]!.posts[0]!.body, voice);
    const other = voiceDistance(SAMPLE_SITES[1]!.posts[0]!.body, voice);
    expect(same.match).toBe(Math.round(100 * (1 - same.distance)));
    expect(same.match).toBeGreaterThan(other.match);
    expect(other.parts.person).toBeGreaterThan(same.parts.person);
    expect(other.parts.sentenceLengths).toBeGreaterThan(same.parts.sentenceLengths);
    expect(same.parts.spelling).toBeLessThan(0.2);
  });

  it("measures against a preset without function-word figures", () => {
    const formal = voicePreset("formal-business");
    expect(formal.fingerprint.functionWords).toBeNull();
    const match = voiceDistance(SAMPLE_SITES[0]!.posts[1]!.body, formal);
    expect(match.parts.functionWords).toBeNull();
    expect(match.distance).toBeLessThan(voiceDistance(SAMPLE_SITES[1]!.posts[1]!.body, formal).distance);
  });

  it("follows the owner's edits: a changed person, spelling or sentence length moves the measure", () => {
    const derived = deriveVoiceProfile(bodies(SAMPLE_SITES[1]!.posts));
    const edited = editVoiceProfile(derived, {
      ...derived,
      person: "I",
      spelling: "UK",
      sentenceWords: { mean: 25, spread: 5 },
    });
    expect(edited.source).toBe("edited");
    expect(edited.fingerprint.person.I).toBeGreaterThan(0.5);
    expect(edited.fingerprint.ukShare).toBe(1);
    // The function words counted in the posts stay.
    expect(edited.fingerprint.functionWords).toEqual(derived.fingerprint.functionWords);
    const post = SAMPLE_SITES[1]!.posts[0]!.body;
    expect(voiceDistance(post, edited).distance).toBeGreaterThan(voiceDistance(post, derived).distance);
  });

  it("offers four distinct presets", () => {
    expect(VOICE_PRESETS.map((p) => p.id)).toEqual(["friendly-expert", "formal-business", "casual-short", "founder"]);
    expect(
      new Set(VOICE_PRESETS.map((p) => `${p.settings.person}/${p.settings.formality}/${p.settings.spelling}`)).size,
    ).toBe(4);
    expect(voicePreset("founder")).toMatchObject({ source: "preset", presetId: "founder", person: "I", postsRead: 0 });
  });
});
