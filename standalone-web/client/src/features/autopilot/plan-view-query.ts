// How a plan's page is shown, kept in its address so a reload or a shared link shows the same:
// "?view=calendar&month=2026-03" (the list and the current month when absent).
import { currentMonth, monthKey, parseMonth, type CalendarMonth } from "@postwright/core/autopilot/plan-calendar";
import { useSearchParams } from "react-router-dom";

export type PlanView = "list" | "calendar";

export function usePlanViewQuery(timeZone: string) {
  const [params, setParams] = useSearchParams();
  const view: PlanView = params.get("view") === "calendar" ? "calendar" : "list";
  const month = parseMonth(params.get("month")) ?? currentMonth(timeZone);

  // Replaced rather than pushed: switching views is not a page of its own for the back button.
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );

  return {
    view,
    month,
    setView: (next: PlanView) => update(next === "calendar" ? { view: "calendar" } : { view: null, month: null }),
    /** null goes back to the current month. */
    setMonth: (next: CalendarMonth | null) => update({ month: next ? monthKey(next) : null }),
  };
}
