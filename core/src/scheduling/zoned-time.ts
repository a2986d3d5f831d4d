// Wall-clock times of a named time zone and the instants they stand for, for every surface that lets a person enter or
// read a date and time: the site (the account's zone), the Shopify app (the shop's) and the WordPress plugin (the
// site's). A picker gives a wall-clock ("2026-03-29T02:30") that means something only with its zone; the browser's own
// zone is never the right one. Daylight-saving changes: a wall-clock skipped by a spring-forward gap is moved forward
// by the gap's length (02:30 becomes 03:30), as WordPress and calendars do; a wall-clock that happens twice in an
// autumn overlap is the first (earlier) one.
// It runs in browsers too (the plugin and the apps import it), so it has its own entry,
// "@postwright/core/scheduling/zoned-time", and depends on luxon only.
import { DateTime, FixedOffsetZone, IANAZone, type Zone } from "luxon";

/** A wall-clock date and time: "YYYY-MM-DDTHH:MM", seconds allowed ("HH:MM:SS") and ignored below the minute. */
const wallClockPattern = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * The luxon zone of an IANA name ("Europe/Berlin") or a fixed offset as WordPress stores it when no city is chosen
 * ("UTC+5.5", "UTC-3", "+02:00", "UTC"); null when it names no zone.
 */
export function resolveZone(name: string): Zone | null {
  const trimmed = name.trim();
  if (!trimmed) return null;
  if (IANAZone.isValidZone(trimmed)) return IANAZone.create(trimmed);
  const hours = /^(?:UTC|GMT)?\s*([+-])\s*(\d{1,2}(?:\.\d+)?)$/i.exec(trimmed);
  if (hours) {
    const minutes = Math.round(Number(hours[2]) * 60) * (hours[1] === "-" ? -1 : 1);
    return Math.abs(minutes) <= 14 * 60 ? FixedOffsetZone.instance(minutes) : null;
  }
  const clock = /^(?:UTC|GMT)?\s*([+-])(\d{2}):?(\d{2})$/i.exec(trimmed);
  if (clock) {
    const minutes = (Number(clock[2]) * 60 + Number(clock[3])) * (clock[1] === "-" ? -1 : 1);
    return Math.abs(minutes) <= 14 * 60 ? FixedOffsetZone.instance(minutes) : null;
  }
  return null;
}

/** Whether a time zone name is one resolveZone understands. */
export function isKnownTimeZone(name: string): boolean {
  return resolveZone(name) !== null;
}

function zoneOrThrow(name: string): Zone {
  const zone = resolveZone(name);
  if (!zone) throw new RangeError(`Unknown time zone: ${name}`);
  return zone;
}

/**
 * The instant a wall-clock date and time of a zone stands for; null when the wall-clock is not a real date and time
 * (a 31 April, 25:00, or not in the "YYYY-MM-DDTHH:MM" form). Throws a RangeError for an unknown zone.
 */
export function zonedTimeToInstant(wallClock: string, timeZone: string): Date | null {
  const zone = zoneOrThrow(timeZone);
  const match = wallClockPattern.exec(wallClock.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const second = match[6] ? Number(match[6]) : 0;
  // Validate the calendar fields on their own (in UTC, where no wall-clock is skipped).
  const plain = DateTime.fromObject({ year, month, day, hour, minute, second }, { zone: "utc" });
  if (!plain.isValid) return null;
  // luxon resolves a skipped wall-clock forward by the gap and an ambiguous one to the earlier offset; both are
  // checked against the offsets around the moment so the rule holds whatever luxon's defaults become.
  const local = DateTime.fromObject({ year, month, day, hour, minute, second }, { zone });
  const wanted = plain.toMillis();
  const offsetBefore = zone.offset(wanted - 36 * 3600_000);
  const offsetAfter = zone.offset(wanted + 36 * 3600_000);
  const candidates = [offsetBefore, offsetAfter, local.offset]
    .map((offset) => wanted - offset * 60_000)
    .filter((instant) => zone.offset(instant) * 60_000 + instant === wanted);
  if (candidates.length) return new Date(Math.min(...candidates));
  // In a gap: the same wall-clock read with the offset before the change, which lands after the gap.
  return new Date(wanted - offsetBefore * 60_000);
}

/** The wall-clock ("YYYY-MM-DDTHH:MM") of an instant in a zone; null for an invalid instant. */
export function instantToZonedTime(instant: Date | string, timeZone: string): string | null {
  const zone = zoneOrThrow(timeZone);
  const date = typeof instant === "string" ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return null;
  return DateTime.fromJSDate(date, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");
}

/** The short name of a zone's offset at an instant, as a person reads it beside a time: "UTC+1", "UTC-7", "UTC+5:30". */
export function zoneOffsetLabel(instant: Date | string, timeZone: string): string {
  const zone = zoneOrThrow(timeZone);
  const date = typeof instant === "string" ? new Date(instant) : instant;
  const minutes = zone.offset(Number.isNaN(date.getTime()) ? Date.now() : date.getTime());
  if (minutes === 0) return "UTC+0";
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `UTC${sign}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, "0")}` : ""}`;
}

/**
 * An instant as a person reads it in a zone (the account's, the shop's, the WordPress site's), never the browser's:
 * Intl's options ({ dateStyle: "medium" }, { dateStyle: "medium", timeStyle: "short" }) in the given language, else
 * the browser's; fixed offsets ("UTC+5.5") too. "" for a missing or invalid instant. Throws a RangeError for an
 * unknown zone.
 */
export function formatInZone(
  instant: Date | string | null | undefined,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
  locale?: string,
): string {
  const zone = zoneOrThrow(timeZone);
  if (instant === null || instant === undefined || instant === "") return "";
  const date = typeof instant === "string" ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return "";
  return DateTime.fromJSDate(date, { zone }).toLocaleString(options, locale ? { locale } : {});
}
