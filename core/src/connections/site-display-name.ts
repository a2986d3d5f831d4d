// The name a site is shown by: its title as given (trimmed, control characters dropped, at most 200 characters), or
// its host when no title is known (sites connected before titles were sent, or a site with an empty title).
export const SITE_NAME_MAX = 200;

export function siteDisplayName(name: string | null | undefined, siteUrl: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = (name ?? "").replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  if (clean) return Array.from(clean).slice(0, SITE_NAME_MAX).join("").trim();
  try {
    return new URL(siteUrl).host;
  } catch {
    return siteUrl;
  }
}
