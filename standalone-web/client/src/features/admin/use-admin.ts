// The administrator's data: every user, and plan changes. The server checks ADMIN_EMAIL on each call; the page's own
// check only decides what to show.
import type { RouteInput } from "@postwright/core/contracts/route-types";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { userQueryKey } from "../../hooks/use-auth";
import { toast } from "../../hooks/use-toast";
import { callRoute, routeQuery, routeQueryKey } from "../../lib/api";
import { toastFailure } from "../../lib/failure-toast";

export const adminUsersQueryKey = routeQueryKey(contract.listUsersForAdmin);

/** Shown to anyone but the administrator who reaches the admin page. */
export function accessDeniedToast() {
  toast({
    title: "Access Denied",
    description: "You don't have permission to access this page.",
    variant: "destructive",
  });
}
export const INCOMPLETE_SELECTION = "Please select user, plan, and status";

/** The plans and statuses the administrator may set. */
export const adminPlanChoices = ["free", "starter", "professional"] as const;
export const adminStatusChoices = ["active", "cancelled", "past_due"] as const;

export type SetSubscriptionInput = RouteInput<typeof contract.setUserSubscription>["body"];

export function useAdminUsers(enabled: boolean) {
  return useQuery({ ...routeQuery(contract.listUsersForAdmin), enabled });
}

export function useSetSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetSubscriptionInput) => callRoute(contract.setUserSubscription, { body: input }),
    onSuccess: async (data) => {
      toast({ title: "Subscription updated", description: data.message });
      await queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
    },
    onError: toastFailure("Update failed", "The subscription could not be updated. Please try again."),
  });
}

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: { email: string; password: string }) => callRoute(contract.login, { body: credentials }),
    onSuccess: async (user) => {
      // The page follows the user: the administrator gets the user list, anyone else is turned away.
      if (user.isAdmin) toast({ title: "Success", description: "Logged in as administrator." });
      queryClient.setQueryData(userQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
    onError: toastFailure("Login failed", "Login failed"),
  });
}
