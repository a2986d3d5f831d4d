// How a post was written, as every surface tells it: without dependencies (no zod), so the WordPress plugin's scripts
// import it alone (`@postwright/core/contracts/written-by`).

/** The generator recorded on a post that the built-in offline writer wrote (no AI model configured). */
export const OFFLINE_GENERATOR = "offline";

/**
 * Whether a post was written without an AI model (its `generator` is the offline writer's): every surface says so on
 * the post with offlineDraftNotice, and the autopilot never publishes such a post by itself.
 */
export function isWrittenWithoutModel(post: { generator?: string | null }): boolean {
  return post.generator === OFFLINE_GENERATOR;
}

/**
 * What the site and the Shopify app show on a post written without an AI model (the WordPress plugin says the same
 * through its own translatable strings).
 */
export const offlineDraftNotice = {
  title: "Written without an AI model",
  text:
    "No AI model is configured on this site, so the built-in offline writer drafted this post from your title and " +
    "keywords. Review and edit it before publishing.",
} as const;
