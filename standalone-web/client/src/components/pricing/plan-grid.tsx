import type { PlanView } from "@postwright/core/contracts";
import { AlertCircle, RotateCcw } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { usePlans } from "../../hooks/use-plans";
import { plansForInterval, type BillingInterval } from "../../lib/pricing";
import { Button } from "../ui/button";
import { Skeleton } from "../ui/skeleton";
import { PlanCard } from "./plan-card";

export interface PlanGridProps {
  interval: BillingInterval;
  renderAction: (plan: PlanView) => ReactNode;
  isCurrent?: (plan: PlanView) => boolean;
  /** See PlanCard. */
  headingLevel?: 2 | 3;
}

/** The plan cards of one billing interval, with loading, error and empty states. */
export function PlanGrid({ interval, renderAction, isCurrent, headingLevel }: PlanGridProps) {
  const plans = usePlans();

  if (plans.isPending) {
    return (
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        <p role="status" className="sr-only">
          Loading plans...
        </p>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="rounded-xl border border-border bg-card p-6">
            <Skeleton className="h-5 w-24" />
            <Skeleton className="mt-3 h-4 w-full" />
            <Skeleton className="mt-6 h-10 w-28" />
            <div className="mt-6 grid gap-3">
              <Skeleton className="h-4 w-5/6" />
              <Skeleton className="h-4 w-4/6" />
              <Skeleton className="h-4 w-3/4" />
            </div>
            <Skeleton className="mt-8 h-10 w-full" />
          </div>
        ))}
      </div>
    );
  }

  if (plans.isError) {
    return (
      <div
        role="alert"
        className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-xl border border-border bg-card p-8 text-center"
      >
        <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-semibold">We couldn&apos;t load our plans right now.</p>
          <p className="text-sm text-muted-foreground">
            Please try again in a moment, or{" "}
            <Link className="font-medium text-primary underline underline-offset-4" to="/contact">
              contact us
            </Link>{" "}
            for pricing.
          </p>
        </div>
        <Button variant="outline" onClick={() => void plans.refetch()} loading={plans.isFetching}>
          {plans.isFetching ? null : <RotateCcw aria-hidden="true" />}
          Try again
        </Button>
      </div>
    );
  }

  const visible = plansForInterval(plans.data ?? [], interval);
  if (visible.length === 0) {
    return (
      <p className="rounded-xl border border-border bg-card p-8 text-center text-muted-foreground">
        No plans are available right now.{" "}
        <Link className="font-medium text-primary underline underline-offset-4" to="/contact">
          Contact us
        </Link>{" "}
        and we&apos;ll help you get started.
      </p>
    );
  }
  return (
    <div
      className={
        visible.length >= 4 ? "grid gap-6 sm:grid-cols-2 lg:grid-cols-4" : "grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
      }
    >
      {visible.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          action={renderAction(plan)}
          isCurrent={isCurrent?.(plan) ?? false}
          headingLevel={headingLevel}
        />
      ))}
    </div>
  );
}
