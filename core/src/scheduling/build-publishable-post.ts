// What the targets publish, built from the post row: the sanitised HTML, the images the user attached, and a handle
// derived from the title. The handle a publication was first claimed with (post_publications.handle) replaces it
// when the publication runs, so a retry finds the article an interrupted attempt created even after a title edit.
import { z } from "zod";
import { imageRefSchema } from "../contracts/blog.ts";
import type { PublishablePost } from "../publishing/types.ts";
import { createPostHandle } from "./create-post-handle.ts";
import type { PostForPublishing } from "./types.ts";

const imageListSchema = z.array(z.unknown());

export function buildPublishablePost(post: PostForPublishing): PublishablePost {
  const listed = imageListSchema.safeParse(post.images);
  const images = (listed.success ? listed.data : []).flatMap((item) => {
    const image = imageRefSchema.safeParse(item);
    return image.success ? [image.data] : [];
  });
  const authorName = [post.user.firstName, post.user.lastName].filter(Boolean).join(" ").trim();
  return {
    id: post.id,
    title: post.title,
    html: post.htmlContent,
    metaDescription: post.metaDescription,
    seoTitle: post.seoTitle,
    slug: post.slug,
    focusKeyphrase: post.focusKeyphrase ?? post.keywords[0] ?? null,
    keywords: post.keywords,
    images,
    handle: createPostHandle(post),
    author: authorName || post.companyName?.trim() || "Blog team",
  };
}
