// When an autopilot plan publishes: on chosen weekdays at a wall-clock time in the owner's time zone. Slots are
// computed in that zone (luxon, from the IANA database), so a 9:00 slot stays at 9:00 local across a daylight-saving
// change; a time that does not exist on the day the clocks go forward is moved forward by the gap (02:30 becomes
// 03:30), and a time that happens twice when they go back is taken the first time, so a slot never happens twice.
import { DateTime } from "luxon";
import type { z } from "zod";
import type { cadenceSchema } from "../contracts/autopilot-requests.ts";

export { cadenceSchema, weekdaySchema } from "../contracts/autopilot-requests.ts";

export type Cadence = z.output<typeof cadenceSchema>;

/**
 * The next `count` publishing times of a cadence strictly after `after`, as UTC instants.
 */
export function nextSlots(cadence: Cadence, after: Date, count: number): Date[] {
  const [hour, minute] = cadence.time.split(":").map(Number) as [number, number];
  const slots: Date[] = [];
  let day = DateTime.fromJSDate(after, { zone: cadence.timeZone }).startOf("day");
  // At most a week of days passes between two slots; the bound only guards against a cadence with no weekday.
  for (let guard = 0; slots.length < count && guard < count * 7 + 7; guard += 1, day = day.plus({ days: 1 })) {
    if (!cadence.weekdays.includes(day.weekday)) continue;
    const slot = DateTime.fromObject(
      { year: day.year, month: day.month, day: day.day, hour, minute },
      { zone: cadence.timeZone },
    );
    const instant = slot.toJSDate();
    if (instant > after) slots.push(instant);
  }
  return slots;
}

/** A slot as the owner reads it, in their zone: "Mon 30 Mar 2026, 09:00". */
export function formatSlot(at: Date, timeZone: string): string {
  return DateTime.fromJSDate(at, { zone: timeZone }).toFormat("ccc d LLL yyyy, HH:mm");
}
