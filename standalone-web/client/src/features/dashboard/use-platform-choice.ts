import { useCallback, useSyncExternalStore } from "react";
import type { PlatformChoice } from "./platform-chooser";

// Where Publish sends posts, chosen on the dashboard or beside a post: one choice for the whole tab (kept in
// sessionStorage, so a reload or the way from the dashboard to a post keeps it). Shopify until the member chooses.
const KEY = "postwright.platform";
const listeners = new Set<() => void>();
/** The choice when storage is refused (private mode). */
let memory: PlatformChoice = "shopify";

function read(): PlatformChoice {
  try {
    const value = window.sessionStorage.getItem(KEY);
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

/** The publishing platform choice, shared by every screen of this tab. */
export function usePlatformChoice(): [PlatformChoice, (value: PlatformChoice) => void] {
  const value = useSyncExternalStore(subscribe, read, () => "shopify" as PlatformChoice);
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
