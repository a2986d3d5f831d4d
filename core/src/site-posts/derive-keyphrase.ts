// A focus keyphrase for a post whose site exposes none: the topic of its title, as a phrase of the title itself. The
// title's main part (before a colon, dash, bar or question mark) without the words that lead into it (function words
// such as "how to" and "why our", bare numbers) or trail it, cut after its fourth content word: "How to Clean a
// Coffee Grinder" -> "clean a coffee grinder", "Pour Over Grinders: A Practical Guide" -> "pour over grinders",
// "10 Ways to Brew Better Coffee" -> "ways to brew better coffee". Being a run of the title's own words, it reads as a
// person would say it, and the title holds it word for word (as the SEO title check asks).
import { isFunctionWord } from "../seo/text/function-words.ts";

const MAX_CONTENT_WORDS = 4;

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];
const isFiller = (word: string) => isFunctionWord(word) || /^\d+$/.test(word);

function topicOf(text: string): string[] {
  const words = wordsOf(text);
  let start = 0;
  while (start < words.length && isFiller(words[start]!)) start++;
  const picked: string[] = [];
  let content = 0;
  for (const word of words.slice(start)) {
    if (content === MAX_CONTENT_WORDS) break;
    picked.push(word);
    if (!isFiller(word)) content++;
  }
  while (picked.length > 0 && isFiller(picked[picked.length - 1]!)) picked.pop();
  return picked;
}

export function deriveKeyphrase(title: string): string {
  const main = title.split(/\s*(?::|\?|\||\s[-–—]\s)\s*/)[0] ?? title;
  const picked = topicOf(main);
  return (picked.length > 0 ? picked : topicOf(title)).join(" ");
}
