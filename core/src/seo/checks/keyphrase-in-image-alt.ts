import type { SeoContext } from "../context.ts";
import { analyseSentence } from "../context.ts";
import { reflectsKeyphrase } from "../text/keyphrase.ts";
import type { SeoCheck } from "../types.ts";
import { checkResult, formatNumber, plural, range, recommendedShare } from "./format.ts";

const ID = "keyphrase-in-image-alt";
const LABEL = "Keyphrase in image alt text";
/** From this many images on, the keyphrase should be in 30% to 75% of their alt texts rather than just one. */
const MANY_IMAGES = 5;

/** Yoast SEO: images whose alt text reflects the keyphrase (at least half its content words). */
export function checkKeyphraseInImageAlt(context: SeoContext): SeoCheck {
  const { keyphrase } = context;
  const images = context.document.images;
  if (keyphrase === null) {
    return checkResult(ID, LABEL, "fail", "Add a focus keyphrase to check whether the image alt texts use it.");
  }
  if (images.length === 0) {
    return checkResult(
      ID,
      LABEL,
      "fail",
      `The post has no images. Add at least one, with alt text that describes it and includes the keyphrase "${keyphrase.text}".`,
    );
  }
  const withAlt = images.filter((image) => image.alt !== "");
  if (withAlt.length === 0) {
    return checkResult(
      ID,
      LABEL,
      "warn",
      `None of the ${plural(images.length, "image")} has alt text. Describe each image in its alt text, using the keyphrase "${keyphrase.text}" where it fits.`,
    );
  }
  const matching = withAlt.filter((image) => reflectsKeyphrase(keyphrase, analyseSentence(image.alt).stems)).length;
  if (matching === 0) {
    return checkResult(
      ID,
      LABEL,
      "warn",
      `No image alt text contains the keyphrase "${keyphrase.text}". Add it to the alt text of an image it describes.`,
    );
  }
  if (images.length < MANY_IMAGES) {
    return checkResult(ID, LABEL, "pass", "An image alt text contains the keyphrase. Well done.");
  }
  const { min, max } = recommendedShare(images.length);
  const found = `The keyphrase appears in the alt text of ${formatNumber(matching)} of ${plural(images.length, "image")}.`;
  if (matching < min) return checkResult(ID, LABEL, "warn", `${found} Use it in ${range(min, max)} of them.`);
  if (matching > max) {
    return checkResult(
      ID,
      LABEL,
      "warn",
      `${found} Use it in ${range(min, max)} of them, only where it describes the image.`,
    );
  }
  return checkResult(ID, LABEL, "pass", `${found} Well done.`);
}
