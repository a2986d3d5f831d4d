// The member's subscription and what can be done with it. Every change answers with the new details, which replace
// the cached ones; the signed-in user (whose plan the header and pricing page read) is refreshed too.
import type { SubscriptionDetails } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { userQueryKey } from "../../hooks/use-auth";
import { toast } from "../../hooks/use-toast";
import { callRoute, routeQuery, routeQueryKey } from "../../lib/api";
import { useAccountZone } from "../../lib/account-zone";
import { formatDate, planLabel } from "./plan-labels";
import { toastFailure } from "../../lib/failure-toast";

export const subscriptionDetailsQueryKey = routeQueryKey(contract.getSubscriptionDetails);

export function useSubscriptionDetails() {
  return useQuery(routeQuery(contract.getSubscriptionDetails));
}

/** After a plan change: the new details, and everything else that shows the plan read again. */
export async function subscriptionChanged(queryClient: QueryClient, details?: SubscriptionDetails | null) {
  if (details) queryClient.setQueryData(subscriptionDetailsQueryKey, details);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: userQueryKey }),
    queryClient.invalidateQueries({
      predicate: (query) => {
        const key = String(query.queryKey[0]);
        return key.startsWith("/api/subscription") && !(details && key === subscriptionDetailsQueryKey[0]);
      },
    }),
  ]);
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  const zone = useAccountZone();
  return useMutation({
    mutationFn: () => callRoute(contract.cancelSubscription),
    onSuccess: async (details) => {
      const until = formatDate(details.subscriptionEndDate, zone);
      toast({
        title: "Subscription cancelled",
        description: until
          ? `Your ${planLabel(details.subscriptionPlan)} plan stays active until ${until}.`
          : "Your plan has been cancelled.",
      });
      await subscriptionChanged(queryClient, details);
    },
    onError: toastFailure("Cancellation Failed", "We could not cancel your subscription. Please try again."),
  });
}

export function useReactivateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(contract.reactivateSubscription),
    onSuccess: async (details) => {
      toast({ title: "Subscription reactivated", description: "Your plan will renew as usual." });
      await subscriptionChanged(queryClient, details);
    },
    onError: toastFailure("Reactivation Failed", "We could not reactivate your subscription. Please try again."),
  });
}

/** Opens the payment provider's page for cards and invoices (the browser leaves the site). */
export function useBillingPortal() {
  return useMutation({
    mutationFn: () => callRoute(contract.openBillingPortal),
    onSuccess: (data) => {
      window.location.assign(data.url);
    },
    onError: toastFailure("Portal Access Failed", "We could not open the billing portal. Please try again."),
  });
}
