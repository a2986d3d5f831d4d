// How a plan's page is shown, kept in its address (the core's readPlanViewQuery and withPlanViewChange) so a reload or
// a shared link shows the same: "?view=calendar&month=2026-03".
import {
  readPlanViewQuery,
  withPlanViewChange,
  type CalendarMonth,
  type PlanView,
} from "@postwright/core/autopilot/plan-calendar";
import { useSearchParams } from "react-router-dom";

export type { PlanView };

export function usePlanViewQuery(timeZone: string) {
  const [params, setParams] = useSearchParams();
  // Replaced rather than pushed: switching views is not a page of its own for the back button.
  const change = (next: Parameters<typeof withPlanViewChange>[1]) =>
    setParams((previous) => withPlanViewChange(previous, next), { replace: true });
  return {
    ...readPlanViewQuery(params, timeZone),
    setView: (view: PlanView) => change({ view }),
    /** null goes back to the current month. */
    setMonth: (month: CalendarMonth | null) => change({ month }),
  };
}
