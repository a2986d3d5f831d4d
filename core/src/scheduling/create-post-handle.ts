// The handle a post is published under. The targets find an article created earlier by this handle when its id was
// never recorded (a crash between the remote call and the database write), so it must be unique among the user's
// posts: a slug of the title, then "-pw" and the post's id. It is computed when a publication is first claimed and
// stored on it (assignPublicationHandles), so later title edits do not change it. A post with a slug (unique among the
// owner's posts) is published under its slug; changing it is an explicit edit (updatePost), which moves the stored
// handles along.
const maxSlugLength = 60;

export function createPostHandle(post: { id: number; title: string; slug?: string | null }): string {
  if (post.slug) return post.slug;
  const slug = post.title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, maxSlugLength)
    .replace(/^-+|-+$/g, "");
  return slug ? `${slug}-pw${post.id}` : `post-pw${post.id}`;
}
