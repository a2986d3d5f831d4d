// A connected WordPress site's REST client from its saved credentials: the REST root found from the site's address
// (discoverWordpressSite), then every request made with the application password. What every reader and writer of a
// connected site starts with (its pages for the index, its posts for Your posts, its voice, a refresh).
import { normalizeSiteUrl } from "./normalize-site-url.ts";
import {
  createWordpressRestClient,
  discoverWordpressSite,
  type FetchLike,
  type WordpressCredentials,
  type WordpressRestClient,
} from "./wordpress-rest-client.ts";

export async function openWordpressSite(
  credentials: WordpressCredentials,
  options: { fetch: FetchLike; allowPlainHttp?: boolean | undefined },
): Promise<WordpressRestClient> {
  const site = await discoverWordpressSite(normalizeSiteUrl(credentials.siteUrl), options.fetch, credentials.username);
  return createWordpressRestClient(site, credentials, options.fetch, { allowPlainHttp: options.allowPlainHttp });
}
