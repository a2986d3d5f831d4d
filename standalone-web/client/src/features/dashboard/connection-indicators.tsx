import { CheckCircle2, CircleDashed, Loader2 } from "lucide-react";
import { cn } from "../../lib/utils";

export interface ConnectionIndicatorsProps {
  shopify: boolean | undefined;
  wordpress: boolean | undefined;
}

function Indicator({ label, connected }: { label: string; connected: boolean | undefined }) {
  const state = connected === undefined ? "checking" : connected ? "connected" : "not connected";
  const Icon = connected === undefined ? Loader2 : connected ? CheckCircle2 : CircleDashed;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium",
        connected ? "border-success/30 bg-success-soft text-success" : "border-border bg-muted text-muted-foreground",
      )}
      title={`${label}: ${state}`}
    >
      <Icon
        aria-hidden="true"
        className={cn("size-3.5", connected === undefined && "animate-spin motion-reduce:animate-none")}
      />
      {label}
      <span className="sr-only">: {state}</span>
    </span>
  );
}

/** The header's status of both publishing connections: a check when connected, a dashed circle when not. */
export function ConnectionIndicators({ shopify, wordpress }: ConnectionIndicatorsProps) {
  return (
    <>
      <Indicator label="Shopify" connected={shopify} />
      <Indicator label="WordPress" connected={wordpress} />
    </>
  );
}
