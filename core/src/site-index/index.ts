// Links into the owner's own site: an index of the connected site's pages (bounded, built by site index jobs apart
// from any generation: queued when a site is connected, read by the instances' site indexers under leases) and the
// picking of the few most relevant ones for a new post.
export { pickSiteLinks, type PickSiteLinksInput, type SiteLinkCandidate } from "./pick-site-links.ts";
export { readSiteLinks } from "./read-site-links.ts";
export { readWordpressSitePages } from "./wordpress/read-wordpress-site-pages.ts";
export { readWordpressSiteChanges, type WordpressSiteChanges } from "./wordpress/read-wordpress-site-changes.ts";
export { saveSiteIndex, SITE_INDEX_LIMIT } from "./save-site-index.ts";
export { refreshSiteIndex, type RefreshSiteIndexResult } from "./refresh-site-index.ts";
export { readShopifySitePages } from "./shopify/read-shopify-site-pages.ts";
export { readConnectionPages } from "./read-connection-pages.ts";
export {
  findSiteConnection,
  readFromSite,
  type SiteConnection,
  type SiteContent,
  type SiteIndexDeps,
  type SiteReaders,
} from "./site-connection.ts";
export { enqueueSiteIndex } from "../jobs/site-queues.ts";
export { runSiteIndexJob, type SiteIndexOutcome } from "./run-site-index-job.ts";
export {
  createSiteIndexer,
  queueUnindexedSites,
  type SiteIndexer,
  type SiteIndexerOptions,
} from "./create-site-indexer.ts";
export { getSiteIndexStatus, toSiteIndexStatus } from "./get-site-index-status.ts";
export { getPluginSiteIndex, refreshPluginSiteIndex } from "./wordpress/plugin-site-index.ts";
export {
  applySiteIndexChange,
  type SiteIndexChangeInput,
  type SiteIndexChangeOutcome,
} from "./apply-site-index-change.ts";
export { applyWordpressSiteChanges } from "./wordpress/apply-wordpress-site-changes.ts";
export { applyShopifyCatalogWebhook, SHOPIFY_CATALOG_TOPICS } from "./shopify/apply-shopify-catalog-webhook.ts";
export { requestSiteIndexRefresh } from "./request-site-index-refresh.ts";
export { waitForFirstSiteIndex, FIRST_INDEX_WAIT_MS } from "./wait-for-first-site-index.ts";
export {
  SITE_INDEX_CHANGES_EVERY_MS,
  SITE_INDEX_LEASE_MS,
  SITE_INDEX_MAX_ATTEMPTS,
  SITE_INDEX_QUEUE,
  SITE_INDEX_STALE_AFTER_MS,
  type SiteIndexState,
} from "./site-index-jobs.ts";
