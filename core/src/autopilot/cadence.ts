// When an autopilot plan publishes: on chosen weekdays at a wall-clock time in the owner's time zone. Slots are
// computed in that zone (luxon, from the IANA database), so a 9:00 slot stays at 9:00 local across a daylight-saving
// change; a time that does not exist on the day the clocks go forward is moved forward by the gap (02:30 becomes
// 03:30), and a time that happens twice when they go back is taken the first time, so a slot never happens twice.
import { DateTime } from "luxon";
import { z } from "zod";
import { isKnownTimeZone, TIME_ZONE_MESSAGE } from "../contracts/account.ts";

/** Weekdays as ISO numbers: 1 Monday ... 7 Sunday. */
export const weekdaySchema = z
  .number()
  .int()
  .min(1, "Choose weekdays from Monday to Sunday.")
  .max(7, "Choose weekdays from Monday to Sunday.");

export const cadenceSchema = z.object({
  weekdays: z
    .array(weekdaySchema)
    .min(1, "Choose at least one weekday to publish on.")
    .max(7)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  /** Local time, 24-hour "HH:MM". */
  time: z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, "Give the time as HH:MM, for example 09:30."),
  timeZone: z.string().refine(isKnownTimeZone, TIME_ZONE_MESSAGE),
});

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
