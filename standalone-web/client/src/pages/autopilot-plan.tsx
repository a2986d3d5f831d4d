// One autopilot plan (/autopilot/:id): its drafts to review, upcoming, published, skipped and failed titles, 50 at a
// time (?page=2 for the next ones). Reloaded every 30 s while a post is being written for it.
import { ArrowLeft, SearchX } from "lucide-react";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { AppLayout } from "../components/layout/page-layout";
import { QueryErrorCard, StateCard } from "../components/layout/state-card";
import { Button } from "../components/ui/button";
import { LoadingStatus } from "../components/ui/loading-status";
import { Skeleton } from "../components/ui/skeleton";
import { useContentPlan } from "../features/autopilot/autopilot-queries";
import { PlanDetail } from "../features/autopilot/plan-detail";
import { usePageTitle } from "../hooks/use-page-title";
import { ApiError } from "../lib/api";

export function AutopilotPlanPage() {
  const { id } = useParams();
  const planId = /^\d+$/.test(id ?? "") ? Number(id) : NaN;
  const [params, setParams] = useSearchParams();
  const asked = params.get("page");
  // Anything but a page number is the first page.
  const page = asked && /^[1-9]\d{0,3}$/.test(asked) ? Number(asked) : 1;
  const setPage = (next: number) =>
    setParams((previous) => {
      const changed = new URLSearchParams(previous);
      if (next > 1) changed.set("page", String(next));
      else changed.delete("page");
      return changed;
    });
  const plan = useContentPlan(planId, page);
  usePageTitle(plan.data ? `${plan.data.name} · Autopilot` : "Autopilot");
  const notFound = Number.isNaN(planId) || (plan.error instanceof ApiError && plan.error.status === 404);

  return (
    <AppLayout className="max-w-6xl">
      {plan.data ? (
        <PlanDetail plan={plan.data} pageLoading={plan.isPlaceholderData} onPageChange={setPage} />
      ) : notFound ? (
        <PlanNotFound />
      ) : plan.isError ? (
        <QueryErrorCard
          as="h1"
          title="Unable to load this plan"
          query={plan}
          fallback="We could not load the plan. Please try again."
        />
      ) : (
        <PlanSkeleton />
      )}
    </AppLayout>
  );
}

function PlanNotFound() {
  return (
    <StateCard
      as="h1"
      size="small"
      icon={<SearchX className="size-8 text-muted-foreground" aria-hidden="true" />}
      title="Plan not found"
    >
      <p className="max-w-md text-sm text-muted-foreground">It may have been deleted.</p>
      <Button asChild variant="outline">
        <Link to="/autopilot">
          <ArrowLeft aria-hidden="true" />
          All plans
        </Link>
      </Button>
    </StateCard>
  );
}

function PlanSkeleton() {
  return (
    <LoadingStatus label="Loading the plan..." className="grid gap-8">
      <div className="grid gap-3">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-9 w-72" />
        <Skeleton className="h-4 w-96 max-w-full" />
      </div>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="grid gap-4">
          <Skeleton className="h-28" />
          <Skeleton className="h-48" />
        </div>
        <Skeleton className="h-72" />
      </div>
    </LoadingStatus>
  );
}
