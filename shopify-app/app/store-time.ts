// An instant as the store's wall clock, with its offset ("Nov 28, 2026, 9:30 AM (UTC+5:30)"): the same words on the
// server and in the browser, whatever the browser's own time zone, so the page the server renders is the one shown.
import { zoneOffsetLabel } from "@postwright/core/scheduling/zoned-time";

export function storeTime(instant: string, timeZone: string): string {
  const date = new Date(instant);
  const words = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
  return `${words} (${zoneOffsetLabel(date, timeZone)})`;
}
