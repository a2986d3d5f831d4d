// How the autopilot's plans read on screen: cadence in words, slots in the plan's own time zone, modes and statuses.
import type { ContentPlanView } from "@postwright/core/contracts";

export { cadenceText, weekdays } from "@postwright/core/contracts";

export const platformName: Record<ContentPlanView["platform"], string> = {
  shopify: "Shopify",
  wordpress: "WordPress",
};

export const modeLabel: Record<ContentPlanView["mode"], string> = {
  review: "Drafts for review",
  auto: "Publishes automatically",
};

export { planItemStatusLabel as itemStatusLabel } from "@postwright/core/contracts";

const slotFormats = new Map<string, Intl.DateTimeFormat>();

function slotFormat(timeZone: string): Intl.DateTimeFormat {
  let format = slotFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    slotFormats.set(timeZone, format);
  }
  return format;
}

/** A slot as the owner reads it, in the plan's zone: "Mon 30 Mar 2026, 09:00" (empty when there is none). */
export function formatSlot(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  let format: Intl.DateTimeFormat;
  try {
    format = slotFormat(timeZone);
  } catch {
    format = slotFormat("UTC");
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    format.formatToParts(date).find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}, ${part("hour")}:${part("minute")}`;
}

/** A slot's time of day in the plan's zone, "09:00", as the calendar shows it under its day. */
export function formatSlotTime(iso: string | null | undefined, timeZone: string): string {
  return /\d{2}:\d{2}$/.exec(formatSlot(iso, timeZone))?.[0] ?? "";
}

/** A preferred day (midnight in the plan's zone) as "Mon 30 Mar 2026". */
export function formatDay(iso: string | null | undefined, timeZone: string): string {
  return formatSlot(iso, timeZone).replace(/, \d{2}:\d{2}$/, "");
}

/** The browser's own time zone, the form's default. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/**
 * Where a new plan's times are read unless the owner picks another: the account's time zone; an account still on the
 * default (UTC, never chosen) starts from this device's zone instead.
 */
export function newPlanTimeZone(accountTimeZone: string | undefined): string {
  return accountTimeZone && accountTimeZone !== "UTC" ? accountTimeZone : browserTimeZone();
}

/** The IANA zones to suggest in the time zone field. */
export function timeZoneSuggestions(): string[] {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return [];
  }
}
