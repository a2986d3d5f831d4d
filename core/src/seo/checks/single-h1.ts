import type { SeoContext } from "../context.ts";
import type { SeoCheck } from "../types.ts";
import { checkResult, plural } from "./format.ts";

const ID = "single-h1";
const LABEL = "Single H1";

/**
 * Yoast SEO's "single title": a page has one H1. Shopify and WordPress themes render the post title as the H1, so
 * the body should have none: every H1 in the body is a second one.
 */
export function checkSingleH1(context: SeoContext): SeoCheck {
  const count = context.blocks.filter((block) => block.kind === "heading" && block.level === 1).length;
  if (count === 0) {
    return checkResult(ID, LABEL, "pass", "The body has no H1: the post title is the page's only H1.");
  }
  return checkResult(
    ID,
    LABEL,
    "fail",
    `The body has ${plural(count, "H1 heading")}. The store or site already shows the post title as the H1: change ${count === 1 ? "it" : "them"} to H2.`,
  );
}
