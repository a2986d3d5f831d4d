import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { callRoute } from "../../lib/api";
import { subscriptionChanged } from "./use-subscription";

/**
 * Applies the checkout the payment provider returned from, once per page (React's development double effects
 * included). Activating twice would be harmless on the server; the ref only saves the request.
 */
export function useActivateCheckout(sessionId: string | null) {
  const queryClient = useQueryClient();
  const activation = useMutation({
    mutationFn: (id: string) => callRoute(contract.activateCheckout, { body: { sessionId: id } }),
    onSuccess: (details) => subscriptionChanged(queryClient, details),
  });
  const started = useRef<string | null>(null);
  const { mutate } = activation;
  useEffect(() => {
    if (!sessionId || started.current === sessionId) return;
    started.current = sessionId;
    mutate(sessionId);
  }, [sessionId, mutate]);
  return activation;
}
