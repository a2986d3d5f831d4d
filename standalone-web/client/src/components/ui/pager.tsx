// The way through a long list page by page: what the page shows ("Showing 51–100 of 2,000 …"), announced as it
// changes, with Previous and Next buttons (reachable and used with the keyboard like any button).
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./button";

export function Pager({
  label,
  summary,
  loading,
  onPrevious,
  onNext,
  atFirst,
  atLast,
}: {
  /** The navigation's name ("Pages of posts"). */
  label: string;
  /** What the page shows. */
  summary: ReactNode;
  /** True while the page asked for loads. */
  loading?: boolean;
  onPrevious: () => void;
  onNext: () => void;
  atFirst: boolean;
  atLast: boolean;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite" aria-busy={loading || undefined}>
        {summary}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={atFirst} onClick={onPrevious}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={atLast} onClick={onNext}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
