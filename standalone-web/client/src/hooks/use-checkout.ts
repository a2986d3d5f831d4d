import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { callRoute, errorMessage, isUnauthorizedError } from "../lib/api";
import { toast } from "./use-toast";
import { userQueryKey } from "./use-auth";

/**
 * Starts a subscription to a plan: a paid plan answers with the payment page's address, where the browser goes; no
 * address means the account was switched to the free plan. A 401 sends the visitor to log in.
 */
export function useCheckout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: number) => callRoute(contract.startCheckout, { body: { planId } }),
    onSuccess: async (data) => {
      if (data.url) {
        window.location.assign(data.url);
        return;
      }
      toast({ title: "Plan updated", description: "You are now on the Free plan." });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userQueryKey }),
        queryClient.invalidateQueries({
          predicate: (query) => String(query.queryKey[0]).startsWith("/api/subscription"),
        }),
      ]);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        toast({ title: "Unauthorized", description: "Please log in to subscribe to a plan.", variant: "destructive" });
        navigate("/login");
        return;
      }
      toast({
        title: "Subscription failed",
        description: errorMessage(error, "We could not start your subscription. Please try again."),
        variant: "destructive",
      });
    },
  });
}
