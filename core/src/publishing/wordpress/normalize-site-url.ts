import { AppError } from "../../errors/index.ts";

const invalid = () =>
  new AppError("BAD_REQUEST", "Enter the address of your WordPress site, for example https://example.com.");

// Paths people paste from their browser that are not the site's own address.
const wordpressPathSuffix =
  /\/(?:wp-admin(?:\/.*)?|wp-login\.php|wp-json(?:\/.*)?|index\.php|xmlrpc\.php|wp-content(?:\/.*)?|wp-includes(?:\/.*)?)$/i;

/**
 * The site's base address from what a user typed: https:// is assumed when no scheme is given; the query, fragment,
 * trailing slashes and WordPress paths (/wp-admin/..., /wp-login.php, /wp-json/...) are dropped; a sub-folder install
 * keeps its folder. Returns for example "https://example.com" or "https://example.com/blog".
 */
export function normalizeSiteUrl(input: string): string {
  const trimmed = input.trim();
  if (trimmed === "" || /\s/.test(trimmed)) throw invalid();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/+/, "")}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw invalid();
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.hostname === "" || url.username || url.password) {
    throw invalid();
  }
  if (!url.hostname.includes(".") && url.hostname !== "localhost" && !url.hostname.startsWith("[")) throw invalid();
  let path = url.pathname.replace(/\/+$/, "");
  while (wordpressPathSuffix.test(path)) path = path.replace(wordpressPathSuffix, "").replace(/\/+$/, "");
  return `${url.protocol}//${url.host}${path}`;
}
