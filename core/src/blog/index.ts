// Blog posts: generation (within the monthly quota), the user's lists, reading and editing one post, title
// suggestions and the images attached to posts. Every query is scoped to the post's owner.
export { generatePost } from "./generate-post.ts";
export type { GeneratePostDeps, GeneratePostRequest } from "./generate-post.ts";
export { listPosts } from "./list-posts.ts";
export { listScheduledPosts } from "./list-scheduled-posts.ts";
export { getPost } from "./get-post.ts";
export { updatePost } from "./update-post.ts";
export type { UpdatePostDeps, UpdatePostRequest } from "./update-post.ts";
export { optimizeTitle, suggestTitles, MAX_TITLE_SUGGESTIONS } from "./optimize-title.ts";
export { uploadPostImages, assertCanUploadImages, incomingDir, MAX_POST_IMAGES } from "./upload-post-images.ts";
export type { UploadFile, UploadPostImagesDeps, UploadPostImagesInput } from "./upload-post-images.ts";
export { toBlogPostView, withPublications } from "./to-blog-post-view.ts";
export type { PostRow } from "./to-blog-post-view.ts";
export { parsePostId } from "./parse-post-id.ts";
export { startGenerationJob } from "./start-generation-job.ts";
export type { StartGenerationJobDeps } from "./start-generation-job.ts";
export { getGenerationJob } from "./get-generation-job.ts";
export { recordWordpressPublication } from "./wordpress/record-wordpress-publication.ts";
export { removePostLink } from "./remove-post-link.ts";
export { rescoreStoredPosts } from "./rescore-stored-posts.ts";
