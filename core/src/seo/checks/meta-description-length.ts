import type { SeoContext } from "../context.ts";
import type { SeoCheck } from "../types.ts";
import { checkResult, plural } from "./format.ts";

const ID = "meta-description-length";
const LABEL = "Meta description length";
export const META_DESCRIPTION_MIN = 120;
export const META_DESCRIPTION_MAX = 156;

/** Yoast SEO: a meta description of 120 to 156 characters; Google cuts longer ones. */
export function checkMetaDescriptionLength(context: Pick<SeoContext, "metaDescription">): SeoCheck {
  const length = [...context.metaDescription].length;
  if (length === 0) {
    return checkResult(
      ID,
      LABEL,
      "fail",
      `There is no meta description, so search engines will pick a snippet of the post. Write one of ${META_DESCRIPTION_MIN} to ${META_DESCRIPTION_MAX} characters.`,
    );
  }
  const found = `The meta description has ${plural(length, "character")}.`;
  if (length < META_DESCRIPTION_MIN) {
    return checkResult(
      ID,
      LABEL,
      "warn",
      `${found} Lengthen it to ${META_DESCRIPTION_MIN}–${META_DESCRIPTION_MAX} characters to use the space search results give it.`,
    );
  }
  if (length > META_DESCRIPTION_MAX) {
    return checkResult(
      ID,
      LABEL,
      "warn",
      `${found} Google cuts it after about ${META_DESCRIPTION_MAX} characters: shorten it so the whole description shows.`,
    );
  }
  return checkResult(ID, LABEL, "pass", `${found} A good length.`);
}
