// A plan's refreshes of the site's existing posts: the owner turns them on ("Also propose refreshes of my existing
// posts"), and the plan then proposes at most one a week, taking one of its slots. Each proposal waits here until the
// owner opens it (/refreshes/:id) and publishes it: nothing is changed on the site before.
import type { ContentPlanDetailView, PlanRefreshView } from "@postwright/core/contracts";
import { Link } from "react-router-dom";
import { Badge } from "../../components/ui/badge";
import { EmptySection, PlanSection } from "./plan-items";
import { formatSlot } from "./plan-format";
import { useUpdatePlan } from "./plan-mutations";

const stateLabel: Record<string, string> = {
  proposed: "To review",
  publishing: "Publishing",
  published: "Published",
  restoring: "Restoring",
  restored: "Restored",
};

export function PlanRefreshes({ plan }: { plan: ContentPlanDetailView }) {
  const update = useUpdatePlan(plan.id);
  const waiting = plan.refreshes.filter((refresh) => refresh.state === "proposed").length;
  return (
    <PlanSection
      id="plan-refreshes"
      title="Refreshes"
      count={waiting}
      description="At most one a week, in one of the plan's slots: your posts losing visitors in Search Console first, then those with the most to gain. Nothing changes on your site until you open a refresh and publish it."
    >
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={plan.queueRefreshes}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ queueRefreshes: event.target.checked })}
        />
        Also propose refreshes of my existing posts
      </label>
      {plan.refreshes.length > 0 ? (
        <ul className="grid gap-2">
          {plan.refreshes.map((refresh) => (
            <RefreshRow key={refresh.id} refresh={refresh} zone={plan.cadence.timeZone} />
          ))}
        </ul>
      ) : plan.queueRefreshes ? (
        <EmptySection>No refresh proposed yet. The next one takes a free slot of the plan.</EmptySection>
      ) : null}
    </PlanSection>
  );
}

function RefreshRow({ refresh, zone }: { refresh: PlanRefreshView; zone: string }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border bg-card p-3 text-sm">
      <div className="grid gap-0.5">
        <Link to={`/refreshes/${refresh.id}`} className="font-medium underline-offset-4 hover:underline">
          {refresh.state === "proposed" ? `Review the refresh of "${refresh.title}"` : refresh.title}
        </Link>
        {refresh.slotAt ? (
          <span className="text-muted-foreground">In the slot of {formatSlot(refresh.slotAt, zone)}</span>
        ) : null}
      </div>
      <Badge variant={refresh.state === "proposed" ? "default" : "outline"}>
        {stateLabel[refresh.state] ?? refresh.state}
      </Badge>
    </li>
  );
}
