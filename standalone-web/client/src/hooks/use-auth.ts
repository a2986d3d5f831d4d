import type { CurrentUser } from "@postwright/core/contracts";
import { useQuery } from "@tanstack/react-query";
import { getQueryFn } from "../lib/api";

/** The query key of the signed-in user; invalidate it after logging in or out. */
export const userQueryKey = ["/api/auth/user"] as const;

export interface AuthState {
  user: CurrentUser | null | undefined;
  isLoading: boolean;
  isAuthenticated: boolean;
}

/** The signed-in user, read once per page load (a 401 means nobody is signed in, not an error). */
export function useAuth(): AuthState {
  const { data, isLoading } = useQuery<CurrentUser | null>({
    queryKey: userQueryKey,
    queryFn: getQueryFn<CurrentUser>({ on401: "returnNull" }),
    retry: false,
  });
  return { user: data, isLoading, isAuthenticated: Boolean(data) };
}

let signedOutHereAt = 0;

/**
 * Marks that this browser is about to forget its signed-in user on purpose (signed out everywhere, account deleted),
 * so that the members-only page it leaves sends it home instead of to the login page with "Unauthorized".
 */
export function markSignedOutHere(): void {
  signedOutHereAt = Date.now();
}

/** Whether markSignedOutHere was called in the last two seconds (the re-render that follows it). */
export function signedOutHereJustNow(): boolean {
  return Date.now() - signedOutHereAt < 2000;
}
