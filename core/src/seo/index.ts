export type { SeoCheck, SeoInput, SeoReport, SeoStatus } from "./types.ts";
export { analyzeSeo } from "./analyze-seo.ts";
export { htmlToText } from "./document/html-to-text.ts";
export { countWords } from "./text/words.ts";
export { readingTimeMinutes } from "./text/reading-time.ts";
export { titleWidthPx } from "./title-width.ts";
export { scoreTitle } from "./score-title.ts";
export { seoRating, type SeoRating } from "./seo-rating.ts";
export { CHECK_WEIGHTS } from "./score.ts";
