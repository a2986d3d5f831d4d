// The post with the chosen items of a refresh taken and the others left as they are on the site: the title, SEO
// title and meta description items replace theirs, each body part replaces its part, and new sections go, in order,
// before the conclusion (at the end when the post has none), a new image after the introduction, and alt text for
// one of its images in that image's tag. Items not in the proposal are refused.
import type { RefreshItem } from "../contracts/refresh.ts";
import { AppError } from "../errors/index.ts";
import { splitPostSections } from "./split-post-sections.ts";
import type { EditablePost, PostVersion } from "./types.ts";

export function mergeRefresh(
  post: EditablePost,
  items: readonly RefreshItem[],
  chosenIds: readonly string[],
): PostVersion {
  const byId = new Map(items.map((item) => [item.id, item]));
  const unknown = chosenIds.filter((id) => !byId.has(id));
  if (unknown.length > 0) {
    throw new AppError(
      "BAD_REQUEST",
      `These changes are not part of this refresh: ${unknown.join(", ")}. Reload the page and choose again.`,
    );
  }
  const chosen = new Map(chosenIds.map((id) => [id, byId.get(id)!]));
  const sections = splitPostSections(post.html);
  const added = items.filter((item) => item.id.startsWith("new-") && chosen.has(item.id)).map((item) => item.after);
  const last = sections[sections.length - 1]!;
  const parts = sections.map((section) => chosen.get(`part-${section.index}`)?.after ?? section.html);
  if (added.length > 0) {
    const join = added.map((html) => `${html.replace(/\s+$/, "")}\n`).join("\n");
    if (last.kind === "conclusion") parts.splice(parts.length - 1, 0, join);
    else parts.push(`${parts.pop()!.replace(/\s+$/, "")}\n\n${join}`);
  }
  let html = parts.join("");
  const image = chosen.get("image");
  if (image && !image.before) {
    // A new image goes after the introduction, before the first section.
    const intro = parts[0]!;
    const trailing = /\s*$/.exec(intro)![0];
    parts[0] = intro
      ? `${intro.slice(0, intro.length - trailing.length)}\n${image.after}${trailing || "\n"}`
      : `${image.after}\n`;
    html = parts.join("");
  } else if (image && html.includes(image.before)) {
    // Alt text for one of the post's images: that image's tag, where it stands.
    html = html.replace(image.before, () => image.after);
  }
  return {
    title: chosen.get("title")?.after ?? post.title,
    html,
    seoTitle: chosen.get("seo-title")?.after ?? post.seoTitle,
    metaDescription: chosen.get("meta-description")?.after ?? post.metaDescription,
  };
}
