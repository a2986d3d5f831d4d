import { describe, expect, it } from "vitest";
import {
  countInMonth,
  currentMonth,
  dayKey,
  dayLabel,
  groupBySlotDay,
  monthKey,
  monthLabel,
  monthWeeks,
  parseMonth,
  readPlanViewQuery,
  shiftMonth,
  withPlanViewChange,
} from "./plan-calendar.ts";

describe("the calendar's days", () => {
  it("puts a slot on its day in the plan's time zone, not the browser's or UTC's", () => {
    // 23:30 UTC on 31 March is 01:30 on 1 April in Paris and 19:30 on 31 March in New York.
    expect(dayKey("2026-03-31T23:30:00.000Z", "Europe/Paris")).toBe("2026-04-01");
    expect(dayKey("2026-03-31T23:30:00.000Z", "America/New_York")).toBe("2026-03-31");
    // Across the spring change of clocks (29 March 2026 in Europe): 22:30 UTC on the 28th is 23:30 in Paris,
    // 23:30 UTC on the 29th is 01:30 on the 30th.
    expect(dayKey("2026-03-28T22:30:00.000Z", "Europe/Paris")).toBe("2026-03-28");
    expect(dayKey("2026-03-29T22:30:00.000Z", "Europe/Paris")).toBe("2026-03-30");
    expect(dayKey(null, "Europe/Paris")).toBeNull();
    expect(dayKey("not a date", "Europe/Paris")).toBeNull();
    // A zone the browser does not know reads as UTC, as the slots' times do.
    expect(dayKey("2026-03-31T23:30:00.000Z", "Mars/Olympus_Mons")).toBe("2026-03-31");
  });

  it("groups the titles by their slot's day in slot order and keeps the ones without a slot in the plan's order", () => {
    const items = [
      { id: 1, slotAt: "2026-03-30T15:00:00.000Z" },
      { id: 2, slotAt: null },
      { id: 3, slotAt: "2026-03-30T07:00:00.000Z" },
      { id: 4, slotAt: "2026-03-31T22:30:00.000Z" },
      { id: 5, slotAt: null },
    ];
    const { days, unscheduled } = groupBySlotDay(items, "Europe/Paris");
    expect([...days.entries()].map(([key, day]) => [key, day.map((item) => item.id)])).toEqual([
      ["2026-03-30", [3, 1]],
      ["2026-04-01", [4]],
    ]);
    expect(unscheduled.map((item) => item.id)).toEqual([2, 5]);
    expect(countInMonth(days, { year: 2026, month: 3 })).toBe(2);
    expect(countInMonth(days, { year: 2026, month: 4 })).toBe(1);
    expect(countInMonth(days, { year: 2026, month: 5 })).toBe(0);
  });

  it("lays a month out in whole weeks from Monday to Sunday", () => {
    // March 2026 starts on a Sunday and ends on a Tuesday: six weeks, from Monday 23 February to Sunday 5 April.
    const march = monthWeeks({ year: 2026, month: 3 });
    expect(march).toHaveLength(6);
    expect(march.every((week) => week.length === 7)).toBe(true);
    expect(march[0]?.[0]).toEqual({ key: "2026-02-23", day: 23, inMonth: false });
    expect(march[0]?.[6]).toEqual({ key: "2026-03-01", day: 1, inMonth: true });
    expect(march[5]?.[1]).toEqual({ key: "2026-03-31", day: 31, inMonth: true });
    expect(march[5]?.[6]).toEqual({ key: "2026-04-05", day: 5, inMonth: false });
    expect(march.flat().filter((day) => day.inMonth)).toHaveLength(31);
    // February 2027 starts on a Monday and fills exactly four weeks.
    const february = monthWeeks({ year: 2027, month: 2 });
    expect(february).toHaveLength(4);
    expect(february[0]?.[0]?.key).toBe("2027-02-01");
    expect(february[3]?.[6]?.key).toBe("2027-02-28");
    // A leap year's February has its 29th.
    expect(
      monthWeeks({ year: 2028, month: 2 })
        .flat()
        .some((day) => day.key === "2028-02-29" && day.inMonth),
    ).toBe(true);
  });

  it("moves between months across years and reads the month from the address", () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 3 }, 0)).toEqual({ year: 2026, month: 3 });
    expect(monthKey({ year: 2026, month: 3 })).toBe("2026-03");
    expect(parseMonth("2026-03")).toEqual({ year: 2026, month: 3 });
    for (const bad of ["2026-13", "2026-00", "2026-3", "march", "", null]) expect(parseMonth(bad)).toBeNull();
  });

  it("knows the current month in the plan's time zone", () => {
    // 23:30 UTC on 31 March is already April in Paris.
    const now = new Date("2026-03-31T23:30:00.000Z");
    expect(currentMonth("Europe/Paris", now)).toEqual({ year: 2026, month: 4 });
    expect(currentMonth("America/New_York", now)).toEqual({ year: 2026, month: 3 });
  });

  it("names months and days in words", () => {
    expect(monthLabel({ year: 2026, month: 3 })).toBe("March 2026");
    expect(dayLabel("2026-03-30")).toBe("Monday 30 March 2026");
  });

  it("reads the view and month from the address, and changes them keeping the address's other parameters", () => {
    const now = new Date("2026-03-31T23:30:00.000Z");
    const query = (search: string) => readPlanViewQuery(new URLSearchParams(search), "Europe/Paris", now);
    expect(query("shop=a.myshopify.com")).toEqual({ view: "list", month: { year: 2026, month: 4 } });
    expect(query("view=calendar&month=2025-12")).toEqual({ view: "calendar", month: { year: 2025, month: 12 } });
    expect(query("view=grid&month=2025-13")).toEqual({ view: "list", month: { year: 2026, month: 4 } });

    const start = new URLSearchParams("shop=a.myshopify.com&host=abc");
    const calendar = withPlanViewChange(start, { view: "calendar" });
    expect(calendar.toString()).toBe("shop=a.myshopify.com&host=abc&view=calendar");
    const later = withPlanViewChange(calendar, { month: { year: 2026, month: 7 } });
    expect(later.toString()).toBe("shop=a.myshopify.com&host=abc&view=calendar&month=2026-07");
    expect(withPlanViewChange(later, { month: null }).toString()).toBe("shop=a.myshopify.com&host=abc&view=calendar");
    expect(withPlanViewChange(later, { view: "list" }).toString()).toBe("shop=a.myshopify.com&host=abc");
    expect(start.toString()).toBe("shop=a.myshopify.com&host=abc");
  });
});
