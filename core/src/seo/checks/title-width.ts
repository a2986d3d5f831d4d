import type { SeoContext } from "../context.ts";
import { TITLE_MAX_WIDTH_PX, TITLE_MIN_WIDTH_PX } from "../../contracts/title-width.ts";
import type { SeoCheck } from "../types.ts";
import { checkResult } from "./format.ts";

const ID = "title-width";
const LABEL = "SEO title width";

/** Yoast SEO: the title between 400 and 600 px wide in Google's results. */
export function checkTitleWidth(context: Pick<SeoContext, "title" | "titleWidthPx">): SeoCheck {
  const width = context.titleWidthPx;
  if (context.title === "") return checkResult(ID, LABEL, "fail", "Add an SEO title.");
  const found = `The title is about ${width} px wide.`;
  if (width > TITLE_MAX_WIDTH_PX) {
    return checkResult(
      ID,
      LABEL,
      "fail",
      `${found} Google cuts titles wider than about ${TITLE_MAX_WIDTH_PX} px (roughly 65 characters): shorten it.`,
    );
  }
  if (width < TITLE_MIN_WIDTH_PX) {
    return checkResult(
      ID,
      LABEL,
      "warn",
      `${found} Use more of the ${TITLE_MAX_WIDTH_PX} px Google shows, for a benefit or a variation of the keyphrase.`,
    );
  }
  return checkResult(ID, LABEL, "pass", `${found} It fits in Google's results.`);
}
