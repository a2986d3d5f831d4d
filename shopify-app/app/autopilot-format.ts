// How the autopilot's plans read in the app: weekdays, the cadence in words, modes and statuses. Wording only; what
// a plan does is the core's (@postwright/core/autopilot). Slots are formatted on the server by the core's formatSlot.
import type { ContentPlanView } from "@postwright/core/contracts";

export { cadenceText, weekdays } from "@postwright/core/contracts";

export const modeLabel: Record<ContentPlanView["mode"], string> = {
  review: "Drafts wait for your approval",
  auto: "Publishes without review",
};

export const planStatusLabel: Record<ContentPlanView["status"], string> = {
  active: "Active",
  paused: "Paused",
};

export { planItemStatusLabel as itemStatusLabel } from "@postwright/core/contracts";

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
