// The member's plans, one card each: name, where and when it publishes, its mode and status, the next slot, and how
// many titles stand where.
import type { ContentPlanView } from "@postwright/core/contracts";
import { CalendarClock, ChevronRight } from "lucide-react";
import { Link } from "react-router-dom";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { cadenceText, formatSlot, modeLabel } from "./plan-format";
import { DelayNotice, PausedNotice } from "./paused-notice";
import { targetLabel, type PublishTarget } from "./publish-targets";

export function PlanList({ plans, targets }: { plans: ContentPlanView[]; targets: PublishTarget[] }) {
  return (
    <ul className="grid gap-4 lg:grid-cols-2" aria-label="Your plans">
      {plans.map((plan) => (
        <li key={plan.id} className="grid">
          <PlanCard plan={plan} targets={targets} />
        </li>
      ))}
    </ul>
  );
}

export function PlanStatusBadge({ status }: { status: ContentPlanView["status"] }) {
  return status === "active" ? <Badge variant="success">Active</Badge> : <Badge variant="warning">Paused</Badge>;
}

export function ModeBadge({ mode }: { mode: ContentPlanView["mode"] }) {
  return <Badge variant={mode === "review" ? "secondary" : "accent"}>{modeLabel[mode]}</Badge>;
}

/** "2 to review · 4 upcoming · 10 published · 1 skipped or failed". */
export function countsText(counts: ContentPlanView["counts"]): string {
  const upcoming = counts.planned + counts.preparing + counts.approved;
  const stopped = counts.skipped + counts.failed;
  return [
    `${counts.to_review} to review`,
    `${upcoming} upcoming`,
    `${counts.published} published`,
    `${stopped} skipped or failed`,
  ].join(" · ");
}

function PlanCard({ plan, targets }: { plan: ContentPlanView; targets: PublishTarget[] }) {
  const next = formatSlot(plan.nextSlotAt, plan.cadence.timeZone);
  return (
    <Card className="flex flex-col">
      <CardHeader className="gap-3 pb-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 className="min-w-0 text-lg font-semibold leading-tight break-words">
            <Link
              to={`/autopilot/${plan.id}`}
              className="inline-flex items-center gap-1 rounded-sm hover:text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {plan.name}
              <ChevronRight className="size-4 shrink-0" aria-hidden="true" />
            </Link>
          </h2>
          <div className="flex flex-wrap gap-2">
            <PlanStatusBadge status={plan.status} />
            <ModeBadge mode={plan.mode} />
          </div>
        </div>
        <dl className="grid gap-1.5 text-sm">
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted-foreground">Publishes to</dt>
            <dd className="font-medium">{targetLabel(plan, targets)}</dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted-foreground">Schedule</dt>
            <dd className="font-medium">{cadenceText(plan.cadence)}</dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted-foreground">Next post</dt>
            <dd className="inline-flex items-center gap-1 font-medium">
              {next ? (
                <>
                  <CalendarClock className="size-3.5 text-primary" aria-hidden="true" />
                  {next}
                </>
              ) : (
                <span className="font-normal text-muted-foreground">No title waiting for a slot</span>
              )}
            </dd>
          </div>
        </dl>
      </CardHeader>
      <CardContent className="mt-auto grid gap-3">
        <p className="text-sm text-muted-foreground">{countsText(plan.counts)}</p>
        <PausedNotice plan={plan} headingLevel="h3" />
        <DelayNotice plan={plan} headingLevel="h3" />
      </CardContent>
    </Card>
  );
}
