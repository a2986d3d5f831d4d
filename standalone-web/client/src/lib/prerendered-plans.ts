// The plans a prerendered page was built with (see standalone-web/build.mjs), shown while the page asks the API for
// the plans, so that the plan cards in the page's HTML stay as they are when the page comes alive instead of turning
// into placeholders. The build puts them in the page as JSON; the prerenderer hands them over directly.
import type { PlanView } from "@postwright/core/contracts";

export const PLANS_DATA_ID = "plan-catalogue";

let given: PlanView[] | undefined;
let read = false;

/** For the prerenderer: the plans to render with. */
export function setPrerenderedPlans(plans: PlanView[] | undefined): void {
  given = plans;
  read = plans !== undefined;
}

export function prerenderedPlans(): PlanView[] | undefined {
  if (read) return given;
  read = true;
  const element = typeof document === "undefined" ? null : document.getElementById(PLANS_DATA_ID);
  if (!element?.textContent) return undefined;
  try {
    given = JSON.parse(element.textContent) as PlanView[];
  } catch {
    given = undefined;
  }
  return given;
}
