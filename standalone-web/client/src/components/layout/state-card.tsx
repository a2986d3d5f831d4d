// A centred card that says where a page stands instead of its content: nothing there yet, nothing found, or the
// content could not be loaded (with a way to try again).
import { AlertCircle } from "lucide-react";
import type { ReactNode } from "react";
import { errorMessage } from "../../lib/api";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";

export interface StateCardProps {
  icon: ReactNode;
  title: string;
  /** The heading's level: h1 where the card is all the page shows. */
  as?: "h1" | "h2";
  /** Small: a compact card (size-8 icon, smaller heading); large: the default. */
  size?: "small" | "large";
  /** Closer spacing (always so for a small card). */
  tight?: boolean;
  role?: "alert";
  children: ReactNode;
}

export function StateCard({ icon, title, as: Heading = "h2", size = "large", tight, role, children }: StateCardProps) {
  const small = size === "small";
  return (
    <Card role={role}>
      <CardContent className={`flex flex-col items-center ${small || tight ? "gap-3" : "gap-4"} p-10 text-center`}>
        {icon}
        <Heading className={small ? "text-lg font-semibold" : "text-xl font-semibold"}>{title}</Heading>
        {children}
      </CardContent>
    </Card>
  );
}

/** The content failed to load: the reason, and Try again (busy while it retries). */
export function LoadErrorCard({
  title,
  message,
  retrying,
  onRetry,
  as,
}: {
  title: string;
  message: string;
  retrying: boolean;
  onRetry: () => void;
  as?: "h1" | "h2";
}) {
  return (
    <StateCard
      role="alert"
      size="small"
      as={as}
      icon={<AlertCircle className="size-8 text-destructive" aria-hidden="true" />}
      title={title}
    >
      <p className="max-w-md text-sm text-muted-foreground">{message}</p>
      <Button variant="outline" loading={retrying} onClick={onRetry}>
        Try again
      </Button>
    </StateCard>
  );
}

/** A query that failed: its error (or the fallback message), and Try again to fetch it again. */
export function QueryErrorCard({
  title,
  query,
  fallback,
  as,
}: {
  title: string;
  query: { error: unknown; isFetching: boolean; refetch: () => unknown };
  fallback: string;
  as?: "h1" | "h2";
}) {
  return (
    <LoadErrorCard
      title={title}
      as={as}
      message={errorMessage(query.error, fallback)}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
    />
  );
}
