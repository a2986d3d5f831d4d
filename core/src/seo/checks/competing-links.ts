import type { SeoContext } from "../context.ts";
import { isKeyphraseLinkText } from "../text/link-text.ts";
import type { SeoCheck } from "../types.ts";
import { checkResult } from "./format.ts";

const ID = "competing-links";
const LABEL = "Competing links";

/**
 * Yoast SEO's "Competing links": a link whose text is the focus keyphrase (every content word of it, in any order and
 * form, and no other) tells search engines that another page is the one about the keyphrase. Links to the same page
 * (#fragments) do not count. Runs when the post has a keyphrase and text, as in Yoast SEO; Yoast's messages.
 */
export function checkCompetingLinks(context: SeoContext): SeoCheck | null {
  const { keyphrase } = context;
  if (keyphrase === null || context.wordCount === 0) return null;
  const competing = context.document.links.filter(
    (link) => !link.href.startsWith("#") && isKeyphraseLinkText(link.text, keyphrase.text),
  );
  if (competing.length === 0) {
    return checkResult(ID, LABEL, "pass", "There are no links which use your keyphrase as their anchor text. Nice!");
  }
  const texts = [...new Set(competing.map((link) => `"${link.text}"`))].join(", ");
  return checkResult(
    ID,
    LABEL,
    "fail",
    `You have a link which uses your keyphrase as its anchor text (${texts}). Fix that! Link with other words, so that this post, not the page it links to, ranks for "${keyphrase.text}".`,
  );
}
