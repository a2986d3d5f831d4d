import { useCallback, useSyncExternalStore } from "react";
import type { PlatformChoice } from "./platform-chooser";

// Where Publish sends posts, chosen on the dashboard or beside a post: one choice for the whole tab (kept in
// sessionStorage, so a reload or the way from the dashboard to a post keeps it). Until the member chooses: the
// platform they have connected when it is WordPress alone, else Shopify.
const KEY = "postwright.platform";
const listeners = new Set<() => void>();
/** The choice when storage is refused (private mode); undefined until the member chooses. */
let memory: PlatformChoice | undefined;

/** The member's choice, or undefined when they have not chosen in this tab. */
function read(): PlatformChoice | undefined {
  try {
    const value = window.sessionStorage.getItem(KEY);
    if (value === null) return undefined;
    if (value === "none") return null;
    return value === "wordpress" ? "wordpress" : "shopify";
  } catch {
    return memory;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The publishing platform choice, shared by every screen of this tab. `connected` (the member's connections, as far
 * as known) picks the default before they choose.
 */
export function usePlatformChoice(
  connected: { shopify: boolean; wordpress: boolean } = { shopify: false, wordpress: false },
): [PlatformChoice, (value: PlatformChoice) => void] {
  const chosen = useSyncExternalStore(subscribe, read, () => undefined);
  const value: PlatformChoice = chosen !== undefined ? chosen : connected.wordpress && !connected.shopify ? "wordpress" : "shopify";
  const set = useCallback((next: PlatformChoice) => {
    memory = next;
    try {
      window.sessionStorage.setItem(KEY, next ?? "none");
    } catch {
      // Storage refused: the choice is kept in memory.
    }
    for (const listener of listeners) listener();
  }, []);
  return [value, set];
}
