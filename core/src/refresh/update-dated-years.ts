// Years that date a post ("The Best Grinders of 2023", "2023 buying guide", "(2023)") moved to the current year.
// Only years written as the post's own date are moved: a year after "of", "for" or "in" in a title or heading, one in
// brackets or before "guide", "edition", "update", "review", "trends" or "picks"; in the body, the same only when the
// sentence says "best", "top", "guide", "trends" or "picks" before it. Years of events ("founded in 2019") stay.
const YEAR = "(20\\d\\d)";
const HEADLINE = [
  new RegExp(`\\b(of|for|in)(\\s+)${YEAR}\\b`, "gi"),
  new RegExp(`\\(${YEAR}\\)`, "g"),
  new RegExp(`\\b${YEAR}(\\s+)(guide|edition|update|review|reviews|trends|picks|list)\\b`, "gi"),
];
const BODY = new RegExp(`\\b(best|top|guide|trends|picks)\\b([^.!?<]{0,80}?)\\b(of|for|in)(\\s+)${YEAR}\\b`, "gi");

export interface DatedYearsUpdate {
  text: string;
  /** The years moved, as written before ("2023"). */
  moved: string[];
}

export function updateDatedYears(text: string, year: number, where: "headline" | "body"): DatedYearsUpdate {
  const moved: string[] = [];
  const newer = (old: string) => {
    if (Number(old) >= year || Number(old) < year - 15) return old;
    moved.push(old);
    return String(year);
  };
  let out = text;
  if (where === "headline") {
    out = out
      .replace(HEADLINE[0]!, (_m, word: string, space: string, y: string) => `${word}${space}${newer(y)}`)
      .replace(HEADLINE[1]!, (_m, y: string) => `(${newer(y)})`)
      .replace(HEADLINE[2]!, (_m, y: string, space: string, word: string) => `${newer(y)}${space}${word}`);
  } else {
    // Only in text, never inside a tag's attributes (an image's file name may hold a year).
    out = out.replace(
      /(^|>)([^<]*)/g,
      (_m, open: string, chunk: string) =>
        `${open}${chunk.replace(BODY, (_x, lead: string, between: string, word: string, space: string, y: string) => `${lead}${between}${word}${space}${newer(y)}`)}`,
    );
  }
  return { text: out, moved: [...new Set(moved)] };
}
