// The SEO title's width in Google's results, for the editor's width meter (the analyser measures the same way).
export { TITLE_MAX_WIDTH_PX, TITLE_MIN_WIDTH_PX, titleWidthPx } from "../seo/title-width.ts";
