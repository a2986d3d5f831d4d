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
  const path = peekReturnTo(fallback);
  forgetReturnTo();
  return path;
}

/**
 * The remembered path, kept (or the fallback): signing in reads it twice, in the login page and in the member
 * routes' answer to /login, whichever renders first; the page it leads to forgets it (forgetReturnTo).
 */
export function peekReturnTo(fallback = "/"): string {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return fallback;
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof path !== "string" || typeof at !== "number" || Date.now() - at > MAX_AGE_MS) return fallback;
    return isLocalPath(path) ? path : fallback;
  } catch {
    return fallback;
  }
}

/** Forgets the remembered path (the page it led to was reached). */
export function forgetReturnTo(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused: nothing was remembered.
  }
}

function isLocalPath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
}
