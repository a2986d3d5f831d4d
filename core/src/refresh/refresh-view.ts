// A stored refresh as the owner sees it, with its scores computed from what is stored: the post as read when
// proposing, with every item, and with the chosen ones (the published ones once published; every item until then).
import type { RefreshItem, RefreshScores, RefreshView } from "../contracts/refresh.ts";
import type { PostRefresh } from "../db/index.ts";
import { mergeRefresh } from "./merge-refresh.ts";
import { scorePostVersion } from "./score-post-version.ts";
import type { EditablePost } from "./types.ts";

export const storedPost = (row: PostRefresh) => row.original as unknown as EditablePost;
export const storedItems = (row: PostRefresh) =>
  Array.isArray(row.items) ? (row.items as unknown as RefreshItem[]) : [];
export const storedIds = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);

/** The origin a post's links are told internal by: its own site's. */
export const siteUrlOf = (post: EditablePost) => {
  try {
    return new URL(post.url).origin;
  } catch {
    return "";
  }
};

/** A refresh being published reads as proposed until it is, one being restored as published. */
const shownState = (row: PostRefresh): RefreshView["state"] =>
  row.state === "publishing"
    ? "proposed"
    : row.state === "restoring"
      ? "published"
      : (row.state as RefreshView["state"]);

export function refreshScores(row: PostRefresh, chosenIds?: readonly string[]): RefreshScores {
  const post = storedPost(row);
  const items = storedItems(row);
  const ids =
    chosenIds ?? (shownState(row) === "proposed" ? items.map((item) => item.id) : storedIds(row.acceptedItems));
  const context = { keyphrase: row.keyphrase, slug: post.slug, siteUrl: siteUrlOf(post) };
  return {
    before: scorePostVersion(post, context),
    proposed: scorePostVersion(
      mergeRefresh(
        post,
        items,
        items.map((item) => item.id),
      ),
      context,
    ),
    chosen: scorePostVersion(mergeRefresh(post, items, ids), context),
    chosenItemIds: [...ids],
  };
}

export function refreshView(row: PostRefresh): RefreshView {
  return {
    id: row.id,
    platform: row.platform as RefreshView["platform"],
    url: row.url,
    title: row.title,
    keyphrase: row.keyphrase,
    generator: row.generator,
    state: shownState(row),
    items: storedItems(row),
    scores: refreshScores(row),
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    restoredAt: row.restoredAt?.toISOString() ?? null,
    canRestore: shownState(row) === "published" && row.previous !== null,
  };
}
