import type { PlanView } from "@postwright/core/contracts";
import { useQuery } from "@tanstack/react-query";
import { prerenderedPlans } from "../lib/prerendered-plans";

export const plansQueryKey = ["/api/subscription/plans"] as const;

/** The plan catalogue (public); on a prerendered page, the plans it was built with until the API answers. */
export function usePlans() {
  return useQuery<PlanView[]>({ queryKey: plansQueryKey, placeholderData: prerenderedPlans });
}
