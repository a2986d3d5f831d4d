import { lazy, Suspense, useState } from "react";
import { useToast } from "../../hooks/use-toast";

const Toaster = lazy(async () => ({ default: (await import("../ui/toaster")).Toaster }));

/**
 * The Toaster, loaded with the first notification: most visits raise none, and the notification components (Radix
 * Toast and its layers) are then not part of the page's script. Once loaded it stays.
 */
export function Notifications() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  if (!wanted && toasts.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
