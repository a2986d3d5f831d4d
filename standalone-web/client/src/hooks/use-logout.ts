import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { callRoute } from "../lib/api";
import { userQueryKey } from "./use-auth";

/** How long to wait before reloading the home page when the logout request fails (the product's 500 ms). */
export const LOGOUT_FALLBACK_DELAY = 500;

/**
 * Ends the session and goes to /. If the request fails, the page reloads / after a short delay, so that what is shown
 * matches what the server knows rather than a half signed-out screen.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);

  async function logout() {
    setPending(true);
    try {
      await callRoute(contract.logout);
    } catch {
      setTimeout(() => window.location.assign("/"), LOGOUT_FALLBACK_DELAY);
      return;
    }
    // Drop everything cached for this account before showing the visitor pages.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
    queryClient.setQueryData(userQueryKey, null);
    navigate("/", { replace: true });
    setPending(false);
  }

  return { logout, isPending };
}
