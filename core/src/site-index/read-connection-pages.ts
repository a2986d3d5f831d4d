// Reads the pages of one of the owner's connections (a Shopify store or a WordPress site), with the credentials it was
// saved with, up to the index's bound. A failure is an AppError whose message the owner can read ("Your Shopify
// store's pages could not be read. <reason> The links already known are kept.").
import type { SiteLinkCandidate } from "./pick-site-links.ts";
import { readShopifySitePages } from "./shopify/read-shopify-site-pages.ts";
import { readWordpressSitePages } from "./wordpress/read-wordpress-site-pages.ts";
import { SITE_INDEX_LIMIT } from "./save-site-index.ts";
import { readFromSite, type SiteConnection, type SiteIndexDeps } from "./site-connection.ts";

export type { SiteConnection, SiteIndexDeps } from "./site-connection.ts";

export function readConnectionPages(
  deps: SiteIndexDeps,
  site: SiteConnection,
  onPage?: (found: readonly SiteLinkCandidate[]) => Promise<void>,
): Promise<SiteLinkCandidate[]> {
  return readFromSite(
    deps,
    site,
    { shopify: "pages", wordpress: "pages", afterFailure: "The links already known are kept." },
    {
      shopify: (client, store) => readShopifySitePages(client, { ...store, limit: SITE_INDEX_LIMIT, onPage }),
      wordpress: (client, credentials) =>
        readWordpressSitePages(client, { credentials, limit: SITE_INDEX_LIMIT, onPage }),
    },
  );
}
