import type { SeoContext } from "../context.ts";
import { SLUG_MAX_LENGTH } from "../slugify.ts";
import { compileKeyphrase, countContentWordsPresent } from "../text/keyphrase.ts";
import { stemWord } from "../text/words.ts";
import type { SeoCheck } from "../types.ts";
import { checkResult } from "./format.ts";

/** Yoast SEO and Rank Math: the slug holds the keyphrase's content words (in any order). Skipped without a slug. */
export function checkKeyphraseInSlug(context: Pick<SeoContext, "slug" | "keyphrase">): SeoCheck | null {
  const id = "keyphrase-in-slug";
  const label = "Keyphrase in slug";
  const { slug, keyphrase } = context;
  if (slug === null) return null;
  if (keyphrase === null)
    return checkResult(id, label, "fail", "Add a focus keyphrase to check whether the slug uses it.");
  if (slug === "")
    return checkResult(id, label, "fail", `Add a slug (the post's address) with the keyphrase "${keyphrase.text}".`);
  const stems = slug.split(/-+/).filter(Boolean).map(stemWord);
  // A slug joins every word with hyphens, so a hyphenated word of the keyphrase ("pour-over") is found by its parts.
  const wanted = keyphrase.text.includes("-")
    ? (compileKeyphrase(keyphrase.text.replace(/-+/g, " ")) ?? keyphrase)
    : keyphrase;
  const present = countContentWordsPresent(wanted, stems);
  if (present === wanted.contentStems.length) {
    return checkResult(id, label, "pass", "The slug contains the keyphrase. Well done.");
  }
  if (present > 0) {
    return checkResult(
      id,
      label,
      "warn",
      `The slug contains only part of the keyphrase "${keyphrase.text}". Use all its words.`,
    );
  }
  return checkResult(
    id,
    label,
    "fail",
    `The slug does not contain the keyphrase "${keyphrase.text}". Put it in the slug.`,
  );
}

/** Rank Math: a short address, at most 75 characters. Skipped without a slug. */
export function checkSlugLength(context: Pick<SeoContext, "slug">): SeoCheck | null {
  const id = "slug-length";
  const label = "Slug length";
  const { slug } = context;
  if (slug === null) return null;
  if (slug === "") return checkResult(id, label, "fail", "Add a slug: the last part of the post's address.");
  const found = `The slug is ${slug.length} characters long.`;
  if (slug.length > SLUG_MAX_LENGTH) {
    return checkResult(
      id,
      label,
      "warn",
      `${found} Shorten it to at most ${SLUG_MAX_LENGTH}: short addresses are easier to read and share.`,
    );
  }
  return checkResult(id, label, "pass", `${found} A good length.`);
}
