// The addresses the Postwright plugin sends when a site owner connects it: the site's home URL, its REST API root and
// the wp-admin page to come back to. The return address must be on the site itself (a connect link cannot send the
// one-time code elsewhere), and the site must use HTTPS unless the operator allows private network targets
// (development and tests).
import { badRequest } from "../../errors/index.ts";
import { normalizeSiteUrl } from "../../publishing/wordpress/index.ts";

export interface PluginSiteUrls {
  siteUrl: string;
  /** The REST API root, ending in a slash. */
  restUrl: string;
  returnUrl: string;
}

export function checkPluginSiteUrls(
  policy: { allowPrivateNetworkTargets: boolean },
  input: { siteUrl: string; restUrl: string; returnUrl: string },
): PluginSiteUrls {
  const siteUrl = normalizeSiteUrl(input.siteUrl);
  const site = new URL(siteUrl);
  if (site.protocol !== "https:" && !policy.allowPrivateNetworkTargets) {
    throw badRequest("This WordPress site does not use HTTPS. Postwright connects only to sites served over HTTPS.");
  }
  const returnUrl = parseUrl(input.returnUrl, "The address to return to is not valid.");
  if (returnUrl.origin !== site.origin) {
    throw badRequest("The address to return to is not on the WordPress site being connected, so it was refused.");
  }
  const restUrl = parseUrl(input.restUrl, "The site's REST API address is not valid.");
  if (restUrl.origin !== site.origin) {
    throw badRequest("The site's REST API address is not on the WordPress site being connected, so it was refused.");
  }
  // rest_url() ends in a slash for pretty permalinks (/wp-json/); the plain form (?rest_route=/) is kept as given.
  const rest = restUrl.search ? restUrl.href : restUrl.href.replace(/\/*$/, "/");
  return { siteUrl, restUrl: rest, returnUrl: returnUrl.href };
}

function parseUrl(value: string, message: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badRequest(message);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password)
    throw badRequest(message);
  return url;
}
