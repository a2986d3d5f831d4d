// "Your posts": every published post of the owner's connected sites (WordPress posts, Shopify articles, whoever wrote
// them), read through the connection, analysed with the SEO checks, counted for links between the site's own posts
// and pages, and sorted by an opportunity score (opportunity.ts). Analysed in the background through the lease queue
// (site_posts_jobs) each time the site's index is read.
export { analyzeSitePosts, pageKey } from "./analyze-site-posts.ts";
export { computeOpportunity, type OpportunityInput } from "./opportunity.ts";
export { deriveKeyphrase } from "./derive-keyphrase.ts";
export { readWordpressPosts } from "./wordpress/read-wordpress-posts.ts";
export { readShopifyArticles } from "./shopify/read-shopify-articles.ts";
export { readConnectionPosts } from "./read-connection-posts.ts";
export { sitePostArticles } from "./shopify/shopify-operations.ts";
export { saveSitePosts } from "./save-site-posts.ts";
export { enqueueSitePosts } from "../jobs/site-queues.ts";
export { runSitePostsJob, type SitePostsOutcome } from "./run-site-posts-job.ts";
export {
  createSitePostsAnalyser,
  type SitePostsAnalyser,
  type SitePostsAnalyserOptions,
} from "./create-site-posts-analyser.ts";
export { listSitePosts } from "./list-site-posts.ts";
export { queueUnanalysedSites } from "./queue-unanalysed-sites.ts";
export {
  SITE_POSTS_LEASE_MS,
  SITE_POSTS_LIMIT,
  SITE_POSTS_QUEUE,
  SITE_POSTS_STALE_AFTER_MS,
  type SitePostsState,
} from "./site-posts-jobs.ts";
export type { AnalysedSitePost, FailingCheck, RemoteSitePost, SearchFigures } from "./types.ts";
