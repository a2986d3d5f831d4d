import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useQuery } from "@tanstack/react-query";
import { routeQuery, routeQueryKey } from "../lib/api";
import { prerenderedPlans } from "../lib/prerendered-plans";

export const plansQueryKey = routeQueryKey(contract.listPlans);

/** The plan catalogue (public); on a prerendered page, the plans it was built with until the API answers. */
export function usePlans() {
  return useQuery({ ...routeQuery(contract.listPlans), placeholderData: prerenderedPlans });
}
