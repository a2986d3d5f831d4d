/**
 * Flesch reading ease, English formula: 206.835 - 1.015 x (words per sentence) - 84.6 x (syllables per word),
 * kept within 0..100 and rounded to one decimal as Yoast SEO shows it. 0 when there is no text.
 */
export function fleschReadingEase(sentences: ReadonlyArray<{ words: readonly string[]; syllables: number }>): number {
  let words = 0;
  let syllables = 0;
  let sentenceCount = 0;
  for (const sentence of sentences) {
    if (sentence.words.length === 0) continue;
    sentenceCount++;
    words += sentence.words.length;
    syllables += sentence.syllables;
  }
  if (words === 0) return 0;
  const score = 206.835 - 1.015 * (words / sentenceCount) - 84.6 * (syllables / words);
  return Math.round(Math.min(100, Math.max(0, score)) * 10) / 10;
}
