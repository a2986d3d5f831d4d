import { describe, expect, it } from "vitest";
import { cadenceSchema, formatSlot, nextSlots } from "./cadence.ts";

const cadence = (weekdays: number[], time: string, timeZone: string) =>
  cadenceSchema.parse({ weekdays, time, timeZone });

describe("nextSlots", () => {
  it("gives the chosen weekdays at the local time, in order, strictly after the moment asked", () => {
    // Monday 2026-11-23 10:00 in New York (UTC-5).
    const after = new Date("2026-11-23T15:00:00Z");
    const slots = nextSlots(cadence([1, 3, 5], "09:30", "America/New_York"), after, 4);
    expect(slots.map((d) => d.toISOString())).toEqual([
      "2026-11-25T14:30:00.000Z", // Wednesday (Monday's 09:30 has passed)
      "2026-11-27T14:30:00.000Z", // Friday
      "2026-11-30T14:30:00.000Z", // Monday
      "2026-12-02T14:30:00.000Z",
    ]);
  });

  it("keeps the local time across the spring daylight-saving change", () => {
    // Europe/Paris moves from UTC+1 to UTC+2 on Sunday 2026-03-29.
    const slots = nextSlots(cadence([6, 1], "09:00", "Europe/Paris"), new Date("2026-03-27T00:00:00Z"), 2);
    expect(slots.map((d) => d.toISOString())).toEqual(["2026-03-28T08:00:00.000Z", "2026-03-30T07:00:00.000Z"]);
    expect(slots.map((d) => formatSlot(d, "Europe/Paris"))).toEqual([
      "Sat 28 Mar 2026, 09:00",
      "Mon 30 Mar 2026, 09:00",
    ]);
  });

  it("moves a time the clocks skip forward by the gap, and takes a time that happens twice only once", () => {
    // 02:30 does not exist in Paris on 2026-03-29; 02:30 happens twice on 2026-10-25.
    const spring = nextSlots(cadence([7], "02:30", "Europe/Paris"), new Date("2026-03-28T12:00:00Z"), 1);
    expect(formatSlot(spring[0]!, "Europe/Paris")).toBe("Sun 29 Mar 2026, 03:30");
    const autumn = nextSlots(cadence([7], "02:30", "Europe/Paris"), new Date("2026-10-24T12:00:00Z"), 2);
    expect(autumn).toHaveLength(2);
    expect(formatSlot(autumn[0]!, "Europe/Paris")).toBe("Sun 25 Oct 2026, 02:30");
    expect(formatSlot(autumn[1]!, "Europe/Paris")).toBe("Sun 1 Nov 2026, 02:30");
  });

  it("counts days in the owner's zone, not in UTC", () => {
    // 23:30 on Monday in Los Angeles is already Tuesday in UTC.
    const slots = nextSlots(cadence([1], "23:30", "America/Los_Angeles"), new Date("2026-11-23T12:00:00Z"), 1);
    expect(slots[0]!.toISOString()).toBe("2026-11-24T07:30:00.000Z");
  });
});

describe("cadenceSchema", () => {
  it("says what is wrong with a cadence a person typed", () => {
    const result = cadenceSchema.safeParse({ weekdays: [], time: "9.30", timeZone: "Mars/Olympus" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      "Choose at least one weekday to publish on.",
      "Give the time as HH:MM, for example 09:30.",
      "Choose a time zone from the list, such as Europe/Paris.",
    ]);
  });

  it("sorts the weekdays and drops repeats", () => {
    expect(cadence([5, 1, 5], "08:00", "UTC").weekdays).toEqual([1, 5]);
  });
});
