// How the autopilot's plans read in the app: weekdays, the cadence in words, modes and statuses. Wording only; what
// a plan does is the core's (@postwright/core/autopilot). Slots are formatted on the server by the core's formatSlot.
import type { ContentPlanView, PlanItemStatus } from "@postwright/core/contracts";

/** ISO weekdays, 1 Monday ... 7 Sunday, as the core's cadence numbers them. */
export const weekdays = [
  { value: 1, short: "Mon", long: "Monday" },
  { value: 2, short: "Tue", long: "Tuesday" },
  { value: 3, short: "Wed", long: "Wednesday" },
  { value: 4, short: "Thu", long: "Thursday" },
  { value: 5, short: "Fri", long: "Friday" },
  { value: 6, short: "Sat", long: "Saturday" },
  { value: 7, short: "Sun", long: "Sunday" },
] as const;

/** "Mon, Wed, Fri at 09:00 (Europe/Paris)", or "Every day at ..." when all seven days are chosen. */
export function cadenceText(cadence: ContentPlanView["cadence"]): string {
  const days = [...new Set(cadence.weekdays)].sort((a, b) => a - b);
  const names =
    days.length === 7
      ? "Every day"
      : days.map((day) => weekdays.find((w) => w.value === day)?.short ?? String(day)).join(", ");
  return `${names} at ${cadence.time} (${cadence.timeZone})`;
}

export const modeLabel: Record<ContentPlanView["mode"], string> = {
  review: "Drafts wait for your approval",
  auto: "Publishes without review",
};

export const planStatusLabel: Record<ContentPlanView["status"], string> = {
  active: "Active",
  paused: "Paused",
};

export const itemStatusLabel: Record<PlanItemStatus, string> = {
  planned: "Planned",
  preparing: "Being written",
  to_review: "To review",
  approved: "Approved",
  published: "Published",
  skipped: "Skipped",
  failed: "Failed",
};

/** "2 to review, 3 upcoming, 1 published" (the parts that are not zero), or "No titles yet". */
export function countsText(counts: ContentPlanView["counts"]): string {
  const parts = [
    [counts.to_review, "to review"],
    [counts.planned + counts.preparing + counts.approved, "upcoming"],
    [counts.published, "published"],
    [counts.skipped + counts.failed, "skipped or failed"],
  ] as const;
  const shown = parts.filter(([count]) => count > 0).map(([count, label]) => `${count} ${label}`);
  return shown.length ? shown.join(", ") : "No titles yet";
}

/** The browser's own time zone, the create form's default (the server cannot know it). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}
