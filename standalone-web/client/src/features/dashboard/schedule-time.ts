// The schedule dialog's date and time: calendar values (as <input type="date"> and "time" give them) of the account's
// time zone (Account settings), whatever the browser's, turned into one moment sent as ISO 8601 UTC. The conversion
// is the core's (daylight-saving gaps and overlaps included), shared with the Shopify app and the WordPress plugin.
import { instantToZonedTime, zonedTimeToInstant } from "@postwright/core/scheduling/zoned-time";

/** The zone dates are entered and shown in: the account's, or the browser's before the account is known. */
export function scheduleZone(accountZone: string | null | undefined): string {
  return accountZone || Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** "YYYY-MM-DD" of a moment in a zone. */
export function toDateValue(date: Date, zone: string): string {
  return (instantToZonedTime(date, zone) ?? "").slice(0, 10);
}

/** "HH:MM" of a moment in a zone. */
export function toTimeValue(date: Date, zone: string): string {
  return (instantToZonedTime(date, zone) ?? "").slice(11, 16);
}

/** The default moment: tomorrow at 09:00 in the zone. */
export function defaultScheduleMoment(zone: string, now: Date = new Date()): { date: string; time: string } {
  const [year, month, day] = toDateValue(now, zone).split("-").map(Number) as [number, number, number];
  const tomorrow = new Date(Date.UTC(year, month - 1, day + 1));
  return { date: tomorrow.toISOString().slice(0, 10), time: "09:00" };
}

/** The moment a date and a time value stand for in the zone, or null when either is missing or not a real date. */
export function combineDateTime(date: string, time: string, zone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  return zonedTimeToInstant(`${date}T${time}`, zone);
}
