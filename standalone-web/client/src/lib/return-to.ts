// Where to go after signing in or signing up when a page sent the visitor there (the WordPress plugin's connection
// approval): kept in this tab's session storage for a short while, and only for paths of this site.
const KEY = "postwright:return-to";
const MAX_AGE_MS = 30 * 60_000;

/** Remembers a path of this site (for example "/connect/wordpress?site_url=...") to come back to after signing in. */
export function rememberReturnTo(path: string): void {
  if (!isLocalPath(path)) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // Storage refused (private mode): the visitor lands on the dashboard instead.
  }
}

/** The remembered path, once (it is forgotten), or the fallback. */
export function takeReturnTo(fallback = "/"): string {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (!raw) return fallback;
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof path !== "string" || typeof at !== "number" || Date.now() - at > MAX_AGE_MS) return fallback;
    return isLocalPath(path) ? path : fallback;
  } catch {
    return fallback;
  }
}

function isLocalPath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
}
