import type { PlanView } from "@postwright/core/contracts";
import { useQuery } from "@tanstack/react-query";

export const plansQueryKey = ["/api/subscription/plans"] as const;

/** The plan catalogue (public). */
export function usePlans() {
  return useQuery<PlanView[]>({ queryKey: plansQueryKey });
}
