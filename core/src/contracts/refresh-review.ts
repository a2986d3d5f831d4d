// The refresh review as the site and the Shopify app both show it, without a framework (each keeps its own look: React
// Query on the site, Polaris and fetchers in the app): which changes are ticked (in the proposal's order), which choice
// still needs its scores from the server, whether an answer is the latest choice's (an older answer arriving after a
// newer choice is not shown), which score stands beside "Score now", and each change's two sides with what changed
// (an image as the picture itself with its alt text).
import type { RefreshItem, RefreshScore, RefreshScores, RefreshView } from "./refresh.ts";
import { decodeEntities, diffWords, readableText, type DiffSegment } from "./word-diff.ts";

/** One choice as a single value (what a surface compares, and keeps as the latest choice). */
export const choiceKey = (itemIds: readonly string[]): string => itemIds.join(",");

/** The choice with one change ticked or unticked, in the proposal's order. */
export function toggleChoice(
  items: readonly Pick<RefreshItem, "id">[],
  chosen: readonly string[],
  id: string,
  on: boolean,
): string[] {
  return on
    ? items.map((item) => item.id).filter((i) => i === id || chosen.includes(i))
    : chosen.filter((i) => i !== id);
}

/** Every change of the proposal ("Tick all"). */
export const everyChange = (items: readonly Pick<RefreshItem, "id">[]): string[] => items.map((item) => item.id);

/**
 * The changes to ask the server to score: the choice, while the refresh is proposed, something is ticked and the
 * scores shown are not already this choice's; else null (nothing to ask).
 */
export function choiceToScore(input: {
  state: RefreshView["state"];
  chosen: readonly string[];
  scores: RefreshScores;
}): string[] | null {
  if (input.state !== "proposed" || input.chosen.length === 0) return null;
  return choiceKey(input.chosen) === choiceKey(input.scores.chosenItemIds) ? null : [...input.chosen];
}

/** Whether the server's scores answer the latest choice (else they are an older answer, not shown). */
export const answersLatestChoice = (answer: Pick<RefreshScores, "chosenItemIds">, latestKey: string): boolean =>
  choiceKey(answer.chosenItemIds) === latestKey;

/** The score beside "Score now": the post as it is when nothing is ticked, else with the ticked changes. */
export const shownScore = (scores: RefreshScores, chosen: readonly string[]): RefreshScore =>
  chosen.length === 0 ? scores.before : scores.chosen;

/** What the second score is: the ticked changes while proposed, then what was published or is about to be restored. */
export const shownScoreLabel = (state: RefreshView["state"]): string =>
  state === "proposed" ? "With the ticked changes" : state === "published" ? "Published" : "Before restoring";

/** Under a score: "No check failed" or "2 checks failed", and its words. */
export function scoreSummary(score: RefreshScore): string {
  const failed = score.checks.filter((check) => check.status === "fail").length;
  return `${failed === 0 ? "No check failed" : `${failed} ${failed === 1 ? "check" : "checks"} failed`}, ${score.words} words`;
}

/** "1 change", "3 changes". */
export const changesCount = (count: number): string => `${count} ${count === 1 ? "change" : "changes"}`;

/** Who wrote the proposal: the offline writer's rules (no model configured, or the model failed) or the AI model. */
export const proposedBy = (generator: string): string =>
  generator === "offline" ? "the offline writer (not the AI model)" : "the AI model";

/** A change's two sides, body parts as readable text, and the words removed and added between them. */
export function changeSides(item: Pick<RefreshItem, "kind" | "before" | "after">): {
  before: string;
  after: string;
  segments: DiffSegment[];
} {
  const body =
    item.kind === "introduction" || item.kind === "section" || item.kind === "conclusion" || item.kind === "image";
  const before = body ? readableText(item.before) : item.before;
  const after = body ? readableText(item.after) : item.after;
  return { before, after, segments: diffWords(before, after) };
}

/** A picture as a review shows it: its address (http or https only) and its alt text, as search engines read it. */
export interface ReviewImage {
  src: string;
  alt: string;
}

const attribute = (tag: string, name: string): string | null => {
  const found = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s"'>]+))`, "i").exec(tag);
  return found ? decodeEntities(found[2] ?? found[3] ?? found[4] ?? "").trim() : null;
};

/** The first image of some HTML, when its address is http(s); else null (nothing a review can show as a picture). */
export function imageOf(html: string): ReviewImage | null {
  const tag = /<img\b[^>]*>/i.exec(html)?.[0];
  if (!tag) return null;
  const src = attribute(tag, "src");
  if (!src || !/^https?:\/\/[^\s]+$/i.test(src)) return null;
  return { src, alt: attribute(tag, "alt") ?? "" };
}

/**
 * An image change as pictures: the image proposed (after), the post's image it replaces (before: null when the post
 * has none, an image added) and the words of the alt text removed and added. Null when the change is not an image, or
 * a side holds no picture that can be shown (an address that is not http or https): the change is then shown as text.
 */
export function imageSides(item: Pick<RefreshItem, "kind" | "before" | "after">): {
  before: ReviewImage | null;
  after: ReviewImage;
  segments: DiffSegment[];
} | null {
  if (item.kind !== "image") return null;
  const after = imageOf(item.after);
  const before = item.before.trim() === "" ? null : imageOf(item.before);
  if (!after || (before === null && item.before.trim() !== "")) return null;
  return { before, after, segments: diffWords(before?.alt ?? "", after.alt) };
}
