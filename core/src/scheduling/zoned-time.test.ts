import { describe, expect, it } from "vitest";
import {
  formatInZone as formatZoned,
  instantToZonedTime,
  isKnownTimeZone,
  zonedTimeToInstant,
  zoneOffsetLabel,
} from "./zoned-time.ts";

const iso = (date: Date | null) => date?.toISOString() ?? null;

describe("zonedTimeToInstant", () => {
  it("reads a wall-clock in the zone it names, not the process's", () => {
    expect(iso(zonedTimeToInstant("2026-11-27T21:18", "UTC"))).toBe("2026-11-27T21:18:00.000Z");
    expect(iso(zonedTimeToInstant("2026-11-27T21:18", "Europe/Berlin"))).toBe("2026-11-27T20:18:00.000Z");
    expect(iso(zonedTimeToInstant("2026-11-27T21:18", "America/Los_Angeles"))).toBe("2026-11-28T05:18:00.000Z");
    expect(iso(zonedTimeToInstant("2026-07-01T09:00", "Asia/Kolkata"))).toBe("2026-07-01T03:30:00.000Z");
  });

  it("accepts the picker's forms: seconds, a space, fractions", () => {
    expect(iso(zonedTimeToInstant("2026-11-27T21:18:00", "UTC"))).toBe("2026-11-27T21:18:00.000Z");
    expect(iso(zonedTimeToInstant("2026-11-27 21:18", "UTC"))).toBe("2026-11-27T21:18:00.000Z");
    expect(iso(zonedTimeToInstant("2026-11-27T21:18:30.000", "UTC"))).toBe("2026-11-27T21:18:30.000Z");
  });

  it("follows summer time on each side of a change", () => {
    // Europe changes on the last Sunday of March (29 March 2026) and of October (25 October 2026).
    expect(iso(zonedTimeToInstant("2026-03-28T10:00", "Europe/Berlin"))).toBe("2026-03-28T09:00:00.000Z");
    expect(iso(zonedTimeToInstant("2026-03-30T10:00", "Europe/Berlin"))).toBe("2026-03-30T08:00:00.000Z");
    expect(iso(zonedTimeToInstant("2026-10-24T10:00", "Europe/Berlin"))).toBe("2026-10-24T08:00:00.000Z");
    expect(iso(zonedTimeToInstant("2026-10-26T10:00", "Europe/Berlin"))).toBe("2026-10-26T09:00:00.000Z");
    // The US changes on the second Sunday of March (8 March 2026) and the first of November (1 November 2026).
    expect(iso(zonedTimeToInstant("2026-03-07T09:00", "America/Los_Angeles"))).toBe("2026-03-07T17:00:00.000Z");
    expect(iso(zonedTimeToInstant("2026-03-09T09:00", "America/Los_Angeles"))).toBe("2026-03-09T16:00:00.000Z");
  });

  it("moves a wall-clock skipped by the spring-forward gap forward by the gap", () => {
    // 02:30 does not exist in Berlin on 29 March 2026 (02:00 -> 03:00): it is 03:30 CEST.
    const berlin = zonedTimeToInstant("2026-03-29T02:30", "Europe/Berlin");
    expect(iso(berlin)).toBe("2026-03-29T01:30:00.000Z");
    expect(instantToZonedTime(berlin!, "Europe/Berlin")).toBe("2026-03-29T03:30");
    const losAngeles = zonedTimeToInstant("2026-03-08T02:15", "America/Los_Angeles");
    expect(iso(losAngeles)).toBe("2026-03-08T10:15:00.000Z");
    expect(instantToZonedTime(losAngeles!, "America/Los_Angeles")).toBe("2026-03-08T03:15");
  });

  it("takes the first of a wall-clock that happens twice when the clocks go back", () => {
    // 02:30 happens twice in Berlin on 25 October 2026 (CEST, then CET): the first is 00:30 UTC.
    expect(iso(zonedTimeToInstant("2026-10-25T02:30", "Europe/Berlin"))).toBe("2026-10-25T00:30:00.000Z");
    // 01:30 happens twice in Los Angeles on 1 November 2026 (PDT, then PST): the first is 08:30 UTC.
    expect(iso(zonedTimeToInstant("2026-11-01T01:30", "America/Los_Angeles"))).toBe("2026-11-01T08:30:00.000Z");
  });

  it("understands WordPress's fixed offsets when a site has no city chosen", () => {
    expect(iso(zonedTimeToInstant("2026-11-27T21:18", "UTC+0"))).toBe("2026-11-27T21:18:00.000Z");
    expect(iso(zonedTimeToInstant("2026-11-27T21:18", "UTC+5.5"))).toBe("2026-11-27T15:48:00.000Z");
    expect(iso(zonedTimeToInstant("2026-11-27T21:18", "UTC-3"))).toBe("2026-11-28T00:18:00.000Z");
    expect(iso(zonedTimeToInstant("2026-11-27T21:18", "+02:00"))).toBe("2026-11-27T19:18:00.000Z");
  });

  it("refuses what is not a real date and time, and a zone that does not exist", () => {
    expect(zonedTimeToInstant("2026-04-31T10:00", "Europe/Berlin")).toBeNull();
    expect(zonedTimeToInstant("2026-11-27T25:00", "Europe/Berlin")).toBeNull();
    expect(zonedTimeToInstant("27/11/2026 10:00", "Europe/Berlin")).toBeNull();
    expect(() => zonedTimeToInstant("2026-11-27T10:00", "Mars/Olympus")).toThrow(RangeError);
    expect(isKnownTimeZone("Mars/Olympus")).toBe(false);
    expect(isKnownTimeZone("UTC+25")).toBe(false);
    expect(isKnownTimeZone("Europe/Berlin")).toBe(true);
  });
});

describe("instantToZonedTime and zoneOffsetLabel", () => {
  it("shows an instant as the zone's wall-clock, round trip included", () => {
    const instant = "2026-11-27T20:18:00.000Z";
    expect(instantToZonedTime(instant, "Europe/Berlin")).toBe("2026-11-27T21:18");
    expect(instantToZonedTime(instant, "America/Los_Angeles")).toBe("2026-11-27T12:18");
    expect(instantToZonedTime(instant, "UTC+5.5")).toBe("2026-11-28T01:48");
    expect(instantToZonedTime("not a date", "UTC")).toBeNull();
    for (const zone of ["Europe/Berlin", "America/Los_Angeles", "Australia/Lord_Howe", "UTC"]) {
      expect(instantToZonedTime(zonedTimeToInstant("2026-10-26T07:45", zone)!, zone)).toBe("2026-10-26T07:45");
    }
  });

  it("names the offset in force at the instant", () => {
    expect(zoneOffsetLabel("2026-11-27T20:18:00Z", "UTC")).toBe("UTC+0");
    expect(zoneOffsetLabel("2026-11-27T20:18:00Z", "Europe/Berlin")).toBe("UTC+1");
    expect(zoneOffsetLabel("2026-07-01T12:00:00Z", "Europe/Berlin")).toBe("UTC+2");
    expect(zoneOffsetLabel("2026-07-01T12:00:00Z", "America/Los_Angeles")).toBe("UTC-7");
    expect(zoneOffsetLabel("2026-07-01T12:00:00Z", "Asia/Kolkata")).toBe("UTC+5:30");
  });
});

describe("formatInZone", () => {
  // ICU puts a narrow no-break space before AM/PM in some versions and a plain space in others.
  const formatInZone = (...args: Parameters<typeof formatZoned>) => formatZoned(...args).replace(/\u202f/g, " ");
  const medium = { dateStyle: "medium" } as const;
  const withTime = { dateStyle: "medium", timeStyle: "short" } as const;

  it("reads the date and time in the zone it names, not the process's", () => {
    // 03:00 UTC on 28 November is still the 27th in New York and already mid-morning in Kolkata.
    expect(formatInZone("2026-11-28T03:00:00.000Z", "UTC", medium, "en-US")).toBe("Nov 28, 2026");
    expect(formatInZone("2026-11-28T03:00:00.000Z", "America/New_York", medium, "en-US")).toBe("Nov 27, 2026");
    expect(formatInZone(new Date("2026-11-28T03:00:00.000Z"), "Asia/Kolkata", withTime, "en-US")).toBe(
      "Nov 28, 2026, 8:30 AM",
    );
  });

  it("follows summer time and reads WordPress's fixed offsets", () => {
    expect(formatInZone("2026-07-01T12:00:00.000Z", "America/New_York", withTime, "en-US")).toBe(
      "Jul 1, 2026, 8:00 AM",
    );
    expect(formatInZone("2026-12-01T12:00:00.000Z", "America/New_York", withTime, "en-US")).toBe(
      "Dec 1, 2026, 7:00 AM",
    );
    expect(formatInZone("2026-11-28T03:00:00.000Z", "UTC+5.5", withTime, "en-US")).toBe("Nov 28, 2026, 8:30 AM");
  });

  it("answers nothing for a missing or invalid instant and refuses an unknown zone", () => {
    expect(formatInZone(null, "UTC", medium)).toBe("");
    expect(formatInZone("not a date", "UTC", medium)).toBe("");
    expect(() => formatInZone("2026-11-28T03:00:00.000Z", "Mars/Olympus", medium)).toThrow(RangeError);
  });
});
