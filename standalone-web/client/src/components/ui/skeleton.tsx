import type { HTMLAttributes } from "react";
import { cn } from "../../lib/utils";

/** A placeholder block shown while content loads (decorative: pair it with a text status for screen readers). */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-muted motion-reduce:animate-none", className)}
      {...props}
    />
  );
}
