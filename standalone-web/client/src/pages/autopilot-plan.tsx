// One autopilot plan (/autopilot/:id): its drafts to review, upcoming, published, skipped and failed titles, 50 at a
// time (?page=2 for the next ones). Reloaded every 30 s while a post is being written for it.
import { AlertCircle, ArrowLeft, SearchX } from "lucide-react";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { AppLayout } from "../components/layout/page-layout";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { Skeleton } from "../components/ui/skeleton";
import { useContentPlan } from "../features/autopilot/autopilot-queries";
import { PlanDetail } from "../features/autopilot/plan-detail";
import { usePageTitle } from "../hooks/use-page-title";
import { ApiError, errorMessage } from "../lib/api";

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
        <Card role="alert">
          <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
            <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
            <h1 className="text-lg font-semibold">Unable to load this plan</h1>
            <p className="max-w-md text-sm text-muted-foreground">
              {errorMessage(plan.error, "We could not load the plan. Please try again.")}
            </p>
            <Button variant="outline" loading={plan.isFetching} onClick={() => void plan.refetch()}>
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : (
        <PlanSkeleton />
      )}
    </AppLayout>
  );
}

function PlanNotFound() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
        <SearchX className="size-8 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-lg font-semibold">Plan not found</h1>
        <p className="max-w-md text-sm text-muted-foreground">It may have been deleted.</p>
        <Button asChild variant="outline">
          <Link to="/autopilot">
            <ArrowLeft aria-hidden="true" />
            All plans
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function PlanSkeleton() {
  return (
    <div className="grid gap-8" role="status">
      <span className="sr-only">Loading the plan...</span>
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
    </div>
  );
}
