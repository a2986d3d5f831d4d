/** Reading time in whole minutes at 200 words a minute, at least 1. */
export function readingTimeMinutes(wordCount: number): number {
  return Math.max(1, Math.ceil(wordCount / 200));
}
