/**
 * The address of a published post as a site reported it, kept only when it is an http(s) URL: anything else
 * (javascript:, data:, a relative path) is never stored nor shown as a link.
 */
export function toWebLink(link: unknown): string | null {
  if (typeof link !== "string") return null;
  try {
    const url = new URL(link.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}
