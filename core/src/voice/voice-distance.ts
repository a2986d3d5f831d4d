// How far a text's style is from a voice: a stylometric distance from 0 (the same style) to 1, made of four parts
// each between 0 and 1: function-word frequencies, the distribution of sentence lengths, the person the text speaks
// in, and its spelling (US or UK). Each part is a total variation distance between two distributions (half the sum
// of the absolute differences), so parts add up on one scale. A part the voice has no figure for is left out.
import type { VoiceMatch, VoiceProfile } from "../contracts/voice.ts";
import { measureText, personShares, sentenceBands, STYLE_WORDS, styleWordShares } from "./measure-text.ts";

export const VOICE_DISTANCE_WEIGHTS = { functionWords: 0.35, sentenceLengths: 0.25, person: 0.25, spelling: 0.15 };

const totalVariation = (a: readonly number[], b: readonly number[]) =>
  a.reduce((sum, value, i) => sum + Math.abs(value - (b[i] ?? 0)), 0) / 2;

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function voiceDistance(text: string, profile: Pick<VoiceProfile, "fingerprint">): VoiceMatch {
  const m = measureText(text);
  const fingerprint = profile.fingerprint;

  const functionWords =
    fingerprint.functionWords && m.styleWords.size > 0
      ? totalVariation(
          Object.values(styleWordShares(m.styleWords)),
          STYLE_WORDS.map((w) => fingerprint.functionWords?.[w] ?? 0),
        )
      : null;
  const sentenceLengths = totalVariation(sentenceBands(m.sentenceLengths), fingerprint.sentenceBands);
  const shares = personShares(m.person);
  const person = totalVariation(
    [shares.I, shares.we, shares.you],
    [fingerprint.person.I, fingerprint.person.we, fingerprint.person.you],
  );
  const seen = m.spelling.us + m.spelling.uk;
  const spelling =
    seen > 0 && fingerprint.ukShare !== null ? Math.abs(m.spelling.uk / seen - fingerprint.ukShare) : null;

  const parts = { functionWords, sentenceLengths, person, spelling };
  let weighted = 0;
  let weights = 0;
  for (const [name, value] of Object.entries(parts) as Array<[keyof typeof parts, number | null]>) {
    if (value === null) continue;
    weighted += value * VOICE_DISTANCE_WEIGHTS[name];
    weights += VOICE_DISTANCE_WEIGHTS[name];
  }
  // The match is read off the distance as shown (three decimals), so the two never disagree by a rounding.
  const distance = round3(weights ? weighted / weights : 0);
  return {
    distance,
    match: Math.round(100 * (1 - distance)),
    parts: {
      functionWords: functionWords === null ? null : round3(functionWords),
      sentenceLengths: round3(sentenceLengths),
      person: round3(person),
      spelling: spelling === null ? null : round3(spelling),
    },
  };
}
