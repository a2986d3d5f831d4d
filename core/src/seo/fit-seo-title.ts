import { scoreTitle } from "./score-title.ts";
import { TITLE_MAX_WIDTH_PX, TITLE_MIN_WIDTH_PX, titleWidthPx } from "./title-width.ts";

/** Cuts a title at a word boundary so it fits the width Google shows (about 600 px); separators left dangling go. */
function fitWidth(title: string): string {
  const clean = title.replace(/\s+/g, " ").trim();
  if (titleWidthPx(clean) <= TITLE_MAX_WIDTH_PX) return clean;
  const words = clean.split(" ");
  while (words.length > 1 && titleWidthPx(words.join(" ")) > TITLE_MAX_WIDTH_PX) words.pop();
  return words.join(" ").replace(/[\s,;:|\-–—]+$/, "");
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Endings that fill a short title towards the width Google shows, brand first when there is one. */
function fillers(brand: string | undefined): string[] {
  return [
    ...(brand?.trim() ? [` | ${brand.trim()}`] : []),
    ": A Practical Guide",
    ": Tips That Work",
    ": Everything You Need to Know",
    " – A Practical Guide With Tips That Work",
  ];
}

/**
 * The SEO title a writer stores: of the candidates (a model's or the offline writer's suggestion, the post title),
 * plus "<Keyphrase>: <post title>", each cut to Google's ~600 px, and each too short one also filled out (with the
 * brand, then a few plain endings), the one that scores best on the title checks (keyphrase at the start, width
 * 400-600 px). Earlier candidates win ties.
 */
export function fitSeoTitle(input: { candidates: string[]; keyphrase: string; title: string; brand?: string }): string {
  const keyphrase = input.keyphrase.trim();
  const bases = [...input.candidates, input.title];
  if (keyphrase) bases.push(`${capitalise(keyphrase)}: ${input.title}`);
  const options = [
    ...bases,
    ...bases.flatMap((base) =>
      titleWidthPx(base) < TITLE_MIN_WIDTH_PX
        ? fillers(input.brand).map((ending) => `${base.replace(/[.:!?\s]+$/, "")}${ending}`)
        : [],
    ),
  ];
  let best = "";
  let bestScore = -1;
  for (const option of options) {
    const fitted = fitWidth(option);
    if (!fitted) continue;
    const score = scoreTitle(fitted, keyphrase);
    if (score > bestScore) {
      best = fitted;
      bestScore = score;
    }
  }
  return best;
}
