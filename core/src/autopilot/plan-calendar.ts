// The date logic of a plan's calendar, shared by the surfaces that show one (the site, the Shopify app, the WordPress
// plugin): which day of the plan's time zone each slot falls on, which view and month the address asks for, and the Monday-first weeks of a month (weeks start on
// Monday like the cadence's ISO weekdays). Slots themselves come from the API; nothing here computes one.
// It runs in browsers, so it depends on nothing but the language (Intl): it has its own entry,
// "@postwright/core/autopilot/plan-calendar", because the autopilot's main entry carries the server's code.

/** A calendar month, month 1 (January) ... 12 (December). */
export interface CalendarMonth {
  year: number;
  month: number;
}

export interface CalendarDay {
  /** "YYYY-MM-DD", the key the items are grouped by. */
  key: string;
  /** Day of the month, 1 ... 31. */
  day: number;
  /** Whether it belongs to the month shown (the first and last weeks show days of the months around it). */
  inMonth: boolean;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format;
}

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** The day an instant falls on in a time zone, as "YYYY-MM-DD" (null for a missing or invalid date). */
export function dayKey(instant: string | Date | null | undefined, timeZone: string): string | null {
  if (!instant) return null;
  const date = typeof instant === "string" ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return null;
  let format: Intl.DateTimeFormat;
  try {
    format = dayFormat(timeZone);
  } catch {
    // As the slots' own formatting does for a zone the browser does not know.
    format = dayFormat("UTC");
  }
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return `${pad(part("year"), 4)}-${pad(part("month"))}-${pad(part("day"))}`;
}

/** The month as the address writes it: "2026-03". */
export function monthKey({ year, month }: CalendarMonth): string {
  return `${pad(year, 4)}-${pad(month)}`;
}

/** Reads "YYYY-MM" (from the address); null when it is not a month. */
export function parseMonth(value: string | null | undefined): CalendarMonth | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value ?? "");
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return year >= 1970 && month >= 1 && month <= 12 ? { year, month } : null;
}

/** The month a "YYYY-MM-DD" day belongs to. */
function monthOfDay(key: string): CalendarMonth {
  return { year: Number(key.slice(0, 4)), month: Number(key.slice(5, 7)) };
}

/** The month it is now in the time zone. */
export function currentMonth(timeZone: string, now: Date = new Date()): CalendarMonth {
  return monthOfDay(dayKey(now, timeZone) as string);
}

/** The month `delta` months before (negative) or after. */
export function shiftMonth({ year, month }: CalendarMonth, delta: number): CalendarMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** A plan's titles as a list or on the calendar. */
export type PlanView = "list" | "calendar";

/**
 * How a plan's titles are shown, as its page's address says ("?view=calendar&month=2026-03"), so that a reload or a
 * shared link shows the same: the list, and the plan's current month, when absent.
 */
export function readPlanViewQuery(
  params: URLSearchParams,
  timeZone: string,
  now?: Date,
): { view: PlanView; month: CalendarMonth } {
  return {
    view: params.get("view") === "calendar" ? "calendar" : "list",
    month: parseMonth(params.get("month")) ?? currentMonth(timeZone, now),
  };
}

/**
 * The address's parameters after a change of view or month, the others kept (an embedded admin's own, say). Back to
 * the list drops the month too; a null month goes back to the current one.
 */
export function withPlanViewChange(
  params: URLSearchParams,
  change: { view: PlanView } | { month: CalendarMonth | null },
): URLSearchParams {
  const next = new URLSearchParams(params);
  if ("view" in change) {
    if (change.view === "calendar") next.set("view", "calendar");
    else {
      next.delete("view");
      next.delete("month");
    }
  } else if (change.month) next.set("month", monthKey(change.month));
  else next.delete("month");
  return next;
}

/** The weeks (Monday to Sunday) that cover the month, with the neighbouring months' days filling the edges. */
export function monthWeeks({ year, month }: CalendarMonth): CalendarDay[][] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const leading = (first.getUTCDay() + 6) % 7; // days from Monday to the 1st
  const weekCount = Math.ceil((leading + daysInMonth) / 7);
  const weeks: CalendarDay[][] = [];
  for (let week = 0; week < weekCount; week += 1) {
    const days: CalendarDay[] = [];
    for (let weekday = 0; weekday < 7; weekday += 1) {
      const date = new Date(Date.UTC(year, month - 1, 1 - leading + week * 7 + weekday));
      days.push({
        key: date.toISOString().slice(0, 10),
        day: date.getUTCDate(),
        inMonth: date.getUTCMonth() === month - 1,
      });
    }
    weeks.push(days);
  }
  return weeks;
}

export interface ItemsByDay<T> {
  /** Items with a slot, by the slot's day in the time zone, each day's in slot order. */
  days: Map<string, T[]>;
  /** Items with no slot yet, in the order given (the plan's order: the next free slots go to them first). */
  unscheduled: T[];
}

/** Puts each item on the day its slot falls on in the plan's time zone. */
export function groupBySlotDay<T extends { slotAt: string | null }>(
  items: readonly T[],
  timeZone: string,
): ItemsByDay<T> {
  const days = new Map<string, T[]>();
  const unscheduled: T[] = [];
  for (const item of items) {
    const key = dayKey(item.slotAt, timeZone);
    if (!key) {
      unscheduled.push(item);
      continue;
    }
    const day = days.get(key);
    if (day) day.push(item);
    else days.set(key, [item]);
  }
  const time = (item: T) => new Date(item.slotAt as string).getTime();
  for (const day of days.values()) day.sort((a, b) => time(a) - time(b));
  return { days, unscheduled };
}

/** How many of the grouped items fall in the month. */
export function countInMonth(days: ReadonlyMap<string, readonly unknown[]>, month: CalendarMonth): number {
  const prefix = `${monthKey(month)}-`;
  let count = 0;
  for (const [key, items] of days) if (key.startsWith(prefix)) count += items.length;
  return count;
}

const monthTitle = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", month: "long", year: "numeric" });
const dayTitle = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** "March 2026". */
export function monthLabel({ year, month }: CalendarMonth): string {
  return monthTitle.format(new Date(Date.UTC(year, month - 1, 1)));
}

/** "Monday 30 March 2026", for a "YYYY-MM-DD" day. */
export function dayLabel(key: string): string {
  return dayTitle.format(new Date(`${key}T00:00:00.000Z`)).replace(",", "");
}
