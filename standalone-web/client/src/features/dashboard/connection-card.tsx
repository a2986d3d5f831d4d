// The frame both publishing connection cards (Shopify, WordPress) share: a region named by its heading, the
// connected mark, and the loading and failed-to-load states; and the rows that describe a connection.
import type { LucideIcon } from "lucide-react";
import { CheckCircle2, ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../components/ui/button";
import { CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";

export interface ConnectionCardProps {
  /** The heading's id, which names the region. */
  titleId: string;
  icon: LucideIcon;
  title: string;
  /** What the connected mark says; null while nothing is connected. */
  connected: ReactNode;
  /** The description shown while nothing is connected, if any. */
  notConnected?: ReactNode;
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
  loadingLabel: string;
  /** The widths of the placeholder lines shown while loading. */
  loadingLines: string[];
  errorText: string;
  /** The card's body once the connection has loaded. */
  children: ReactNode;
  /** Anything after the body (a dialog). */
  after?: ReactNode;
}

export function ConnectionCard({
  titleId,
  icon: Icon,
  title,
  connected,
  notConnected,
  isLoading,
  isError,
  refetch,
  loadingLabel,
  loadingLines,
  errorText,
  children,
  after,
}: ConnectionCardProps) {
  return (
    // A region named by its heading (with the card's look), so screen-reader users can list it and jump to it.
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-border bg-card text-card-foreground shadow-sm"
    >
      <CardHeader className="pb-4">
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          {title}
        </CardTitle>
        {connected ? (
          <CardDescription className="flex items-center gap-1.5 font-medium text-success">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            {connected}
          </CardDescription>
        ) : notConnected ? (
          <CardDescription>{notConnected}</CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {isLoading ? (
          <div className="grid gap-2" role="status" aria-label={loadingLabel}>
            {loadingLines.map((width, index) => (
              <Skeleton key={index} className={width} />
            ))}
          </div>
        ) : isError ? (
          <div className="grid gap-2 text-sm">
            <p className="text-destructive">{errorText}</p>
            <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          children
        )}
      </CardContent>
      {after}
    </section>
  );
}

/** One term and its value in a connection's details. */
export function DetailRow({
  term,
  children,
  className = "truncate font-medium",
}: {
  term: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/** A site's address as a link that opens in a new tab (https:// is assumed when the address has no scheme). */
export function AddressRow({ term, address }: { term: string; address: string }) {
  const href = /^https?:\/\//i.test(address) ? address : `https://${address}`;
  return (
    <DetailRow term={term} className="min-w-0 truncate">
      <a
        href={href}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
      >
        {address}
        <ExternalLink className="size-3.5" aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </DetailRow>
  );
}
