// Links into the owner's own site: an index of the connected site's pages (bounded, refreshed apart from any
// generation) and the picking of the few most relevant ones for a new post.
export { pickSiteLinks, type PickSiteLinksInput, type SiteLinkCandidate } from "./pick-site-links.ts";
export { readSiteLinks } from "./read-site-links.ts";
export { readWordpressSitePages } from "./read-wordpress-site-pages.ts";
export { saveSiteIndex, SITE_INDEX_LIMIT } from "./save-site-index.ts";
export { refreshSiteIndex, type RefreshSiteIndexResult } from "./refresh-site-index.ts";
export { refreshStaleSiteIndexes, SITE_INDEX_STALE_AFTER_MS } from "./refresh-stale-site-indexes.ts";
export { readShopifySitePages } from "./read-shopify-site-pages.ts";
