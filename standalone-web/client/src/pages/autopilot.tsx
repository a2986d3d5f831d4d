// "Autopilot" (/autopilot): the member's content plans, and a way to create one. A plan turns a list of titles into
// posts written ahead of their slots and published on the member's schedule; drafts wait for approval by default.
import { Bot, Link2, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { AppLayout } from "../components/layout/page-layout";
import { LoadErrorCard, QueryErrorCard, StateCard } from "../components/layout/state-card";
import { Button } from "../components/ui/button";
import { LoadingStatus } from "../components/ui/loading-status";
import { Skeleton } from "../components/ui/skeleton";
import { useContentPlans } from "../features/autopilot/autopilot-queries";
import { CreatePlanDialog } from "../features/autopilot/create-plan-dialog";
import { PlanList } from "../features/autopilot/plan-list";
import { usePublishTargets } from "../features/autopilot/publish-targets";
import { usePageTitle } from "../hooks/use-page-title";

export function AutopilotPage() {
  usePageTitle("Autopilot");
  const plans = useContentPlans();
  const publish = usePublishTargets();
  const [creating, setCreating] = useState(false);
  const canCreate = !publish.isLoading && !publish.isError && publish.targets.length > 0;

  return (
    <AppLayout className="max-w-6xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-semibold tracking-tight">Autopilot</h1>
          <p className="mt-1 max-w-2xl text-muted-foreground">
            Give Postwright a list of titles and a schedule: it writes each post ahead of time and publishes it on the
            days you choose.
          </p>
        </div>
        {canCreate && plans.data && plans.data.plans.length > 0 ? (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            Create a plan
          </Button>
        ) : null}
      </div>

      <div className="mt-8">
        {plans.isError ? (
          <QueryErrorCard
            title="Unable to load the autopilot"
            query={plans}
            fallback="We could not load your plans. Please try again."
          />
        ) : plans.isLoading || publish.isLoading ? (
          <PlansSkeleton />
        ) : plans.data && plans.data.plans.length > 0 ? (
          <div className="grid gap-6">
            {publish.isError ? (
              <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-muted/60 p-3 text-sm">
                <p>Your Shopify and WordPress connections could not be loaded.</p>
                <Button variant="outline" size="sm" loading={publish.isFetching} onClick={publish.retry}>
                  Try again
                </Button>
              </div>
            ) : publish.targets.length === 0 ? (
              <NoConnectionNote />
            ) : null}
            <PlanList plans={plans.data.plans} targets={publish.targets} />
          </div>
        ) : publish.isError ? (
          <LoadErrorCard
            title="Unable to load the autopilot"
            message="We could not load your Shopify and WordPress connections. Please try again."
            retrying={publish.isFetching}
            onRetry={publish.retry}
          />
        ) : publish.targets.length === 0 ? (
          <NoConnection />
        ) : (
          <NoPlans onCreate={() => setCreating(true)} />
        )}
      </div>

      <CreatePlanDialog open={creating} onOpenChange={setCreating} targets={publish.targets} />
    </AppLayout>
  );
}

function PlansSkeleton() {
  return (
    <LoadingStatus label="Loading your plans..." className="grid gap-4 lg:grid-cols-2">
      <Skeleton className="h-52" />
      <Skeleton className="h-52" />
    </LoadingStatus>
  );
}

function NoPlans({ onCreate }: { onCreate: () => void }) {
  return (
    <StateCard icon={<Bot className="size-10 text-primary" aria-hidden="true" />} title="No plans yet">
      <div className="grid max-w-xl gap-2 text-sm text-muted-foreground">
        <p>
          A plan publishes on the weekdays and at the time you choose. Add the titles you want, and about a day before
          each slot Postwright writes the post for it.
        </p>
        <p>
          By default every draft waits for your approval. If a draft is not approved in time, its slot is skipped:
          nothing is ever published without you seeing it first.
        </p>
      </div>
      <Button onClick={onCreate}>
        <Plus aria-hidden="true" />
        Create a plan
      </Button>
    </StateCard>
  );
}

function NoConnection() {
  return (
    <StateCard icon={<Link2 className="size-10 text-primary" aria-hidden="true" />} title="Connect a site first">
      <p className="max-w-xl text-sm text-muted-foreground">
        The autopilot publishes to your Shopify store or WordPress site. Connect one on the dashboard, then come back
        here to create a plan.
      </p>
      <Button asChild>
        <Link to="/">Go to the dashboard</Link>
      </Button>
    </StateCard>
  );
}

function NoConnectionNote() {
  return (
    <p className="rounded-lg border border-border bg-muted/60 p-3 text-sm">
      You have no Shopify or WordPress connection at the moment, so your plans cannot publish.{" "}
      <Link to="/" className="font-semibold text-primary underline-offset-2 hover:underline">
        Connect a site on the dashboard
      </Link>
      .
    </p>
  );
}
