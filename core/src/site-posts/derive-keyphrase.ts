// A focus keyphrase for a post whose site exposes none: the topic of its title. The title's main part (before a
// colon, dash, bar or question mark) keeps its content words (function words and bare numbers dropped), at most four,
// in order: "How to Clean a Coffee Grinder" -> "clean coffee grinder", "Espresso & Milk: A Beginner's Guide" ->
// "espresso milk", "10 Ways to Brew Better Coffee" -> "ways brew better coffee".
import { isFunctionWord } from "../seo/text/function-words.ts";

const MAX_WORDS = 4;

export function deriveKeyphrase(title: string): string {
  const main = title.split(/\s*(?::|\?|\||\s[-–—]\s)\s*/)[0] ?? title;
  const words = (text: string) =>
    (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? []).filter(
      (w) => !isFunctionWord(w) && !/^\d+$/.test(w),
    );
  const picked = words(main);
  return (picked.length > 0 ? picked : words(title)).slice(0, MAX_WORDS).join(" ");
}
