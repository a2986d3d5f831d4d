import { Loader2 } from "lucide-react";
import { useEffect, useState } from "react";

/** How long a load may take before a spinner appears; quicker loads show nothing rather than a flicker. */
export const LOADING_INDICATOR_DELAY = 300;

/** A neutral full-page state while the session is checked, so neither the landing page nor a 404 flashes by. */
export function PageLoading() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LOADING_INDICATOR_DELAY);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-live="polite">
      {visible ? (
        <span className="inline-flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
          Loading...
        </span>
      ) : (
        <span className="sr-only">Loading...</span>
      )}
    </div>
  );
}
