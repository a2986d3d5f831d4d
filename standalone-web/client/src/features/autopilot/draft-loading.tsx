// What a draft's dialog shows while the draft (and its lazily loaded view) arrives.
import { Skeleton } from "../../components/ui/skeleton";

export function DraftLoading() {
  return (
    <div role="status" aria-label="Loading the draft" className="grid gap-4">
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
