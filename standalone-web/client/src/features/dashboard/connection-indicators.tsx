import { cn } from "../../lib/utils";

export interface ConnectionIndicatorsProps {
  shopify: boolean | undefined;
  wordpress: boolean | undefined;
}

function Indicator({ label, connected }: { label: string; connected: boolean | undefined }) {
  const state = connected === undefined ? "checking" : connected ? "connected" : "not connected";
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium",
        connected ? "border-success/30 bg-success-soft text-success" : "border-border bg-muted text-muted-foreground",
      )}
      title={`${label}: ${state}`}
    >
      <span
        aria-hidden="true"
        className={cn("size-2 rounded-full", connected ? "bg-success" : "bg-muted-foreground/50")}
      />
      {label}
      <span className="sr-only">: {state}</span>
    </span>
  );
}

/** The header's status of both publishing connections. */
export function ConnectionIndicators({ shopify, wordpress }: ConnectionIndicatorsProps) {
  return (
    <>
      <Indicator label="Shopify" connected={shopify} />
      <Indicator label="WordPress" connected={wordpress} />
    </>
  );
}
