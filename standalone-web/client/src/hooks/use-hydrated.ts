import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while React takes over a prerendered page, true from then on (and at once on pages rendered in the browser).
 * Forms of prerendered pages stay disabled until then: what someone typed before would otherwise be replaced by the
 * form's empty defaults when React attaches to the inputs.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
