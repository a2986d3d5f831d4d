// The zone the site shows its dates and times in: the account's (Account settings), whatever the browser's, which is
// used only before the account is known.
import { isKnownTimeZone } from "@postwright/core/scheduling/zoned-time";
import { useAuth } from "../hooks/use-auth";

/** The account's zone when known (and valid), else the browser's. */
export function shownZone(timeZone: string | null | undefined): string {
  if (timeZone && isKnownTimeZone(timeZone)) return timeZone;
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** The signed-in account's zone, for showing a date or a time. */
export function useAccountZone(): string {
  const { user } = useAuth();
  return shownZone(user?.timeZone);
}
