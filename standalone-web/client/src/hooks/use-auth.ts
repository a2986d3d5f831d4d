import type { CurrentUser } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useQuery, type QueryFunction } from "@tanstack/react-query";
import { callRoute, isUnauthorizedError, routeQueryKey } from "../lib/api";
import { hasSessionHint } from "../lib/session-hint";

/** The query key of the signed-in user; invalidate it after logging in or out. */
export const userQueryKey = routeQueryKey(contract.getCurrentUser);

export interface AuthState {
  user: CurrentUser | null | undefined;
  isLoading: boolean;
  isAuthenticated: boolean;
}

/**
 * GET /api/auth/user (a 401 means nobody is signed in, not an error), asked only when a session may exist. A stale
 * hint (the session expired) is cleared by the server with that 401.
 */
const fetchUser: QueryFunction<CurrentUser | null> = async ({ signal }) => {
  if (!hasSessionHint()) return null;
  try {
    return await callRoute(contract.getCurrentUser, { signal });
  } catch (error) {
    if (isUnauthorizedError(error)) return null;
    throw error;
  }
};

/**
 * The signed-in user, read once per page load. Without a session cookie nobody is signed in: the answer is known at
 * once (no request, no loading state), which is also what the pages prerendered for visitors show.
 */
export function useAuth(): AuthState {
  const { data, isLoading } = useQuery<CurrentUser | null>({
    queryKey: userQueryKey,
    queryFn: fetchUser,
    initialData: () => (hasSessionHint() ? undefined : null),
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
