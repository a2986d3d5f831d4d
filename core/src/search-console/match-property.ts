// The Search Console property that covers a site: a URL-prefix property with the site's own address (scheme, host
// and path prefix), else the domain property of its host or a parent domain (sc-domain:example.com covers
// shop.example.com and www.example.com); the most specific wins. Properties the account cannot read
// (siteUnverifiedUser) are never chosen.
import type { SearchConsoleProperty } from "../contracts/search-console.ts";

function parse(address: string): URL | undefined {
  try {
    return new URL(address);
  } catch {
    return undefined;
  }
}

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, "");

export function matchProperty(siteUrl: string, properties: readonly SearchConsoleProperty[]): string | null {
  const site = parse(siteUrl.endsWith("/") ? siteUrl : `${siteUrl}/`);
  if (!site) return null;
  const readable = properties.filter((p) => p.permissionLevel !== "siteUnverifiedUser");
  const prefixes = readable
    .map((p) => ({ p, url: parse(p.siteUrl) }))
    .filter(
      ({ url }) =>
        url &&
        url.protocol === site.protocol &&
        url.host.toLowerCase() === site.host.toLowerCase() &&
        site.pathname.startsWith(url.pathname),
    )
    .sort((a, b) => b.url!.pathname.length - a.url!.pathname.length);
  if (prefixes[0]) return prefixes[0].p.siteUrl;
  const host = site.hostname.toLowerCase();
  const domains = readable
    .filter((p) => p.siteUrl.startsWith("sc-domain:"))
    .map((p) => ({ p, domain: p.siteUrl.slice("sc-domain:".length).toLowerCase() }))
    .filter(({ domain }) => host === domain || host.endsWith(`.${domain}`))
    .sort((a, b) => b.domain.length - a.domain.length);
  if (domains[0]) return domains[0].p.siteUrl;
  // http and https, or with and without www., are different URL-prefix properties: take the other one if it is all.
  const loose = readable.filter((p) => {
    const url = parse(p.siteUrl);
    return url && bareHost(url.host) === bareHost(site.host) && site.pathname.startsWith(url.pathname);
  });
  return loose.length === 1 ? loose[0]!.siteUrl : null;
}
