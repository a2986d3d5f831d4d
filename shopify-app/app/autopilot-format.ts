// How the autopilot's plans read in the app: weekdays, the cadence in words, modes, statuses and their badges' tones.
// Wording only; what a plan does is the core's (@postwright/core/autopilot). Slots are formatted on the server by the
// core's formatSlot.
import type { ContentPlanView, PlanItemStatus } from "@postwright/core/contracts";

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

/** The tone of a title's status badge, the same in the list and on the calendar. */
export const itemTone: Partial<Record<PlanItemStatus, "info" | "success" | "attention" | "warning" | "critical">> = {
  preparing: "info",
  to_review: "attention",
  approved: "success",
  published: "success",
  skipped: "warning",
  failed: "critical",
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

/** A number of titles as the page writes it: "2,000". */
export const titleCount = (value: number) => value.toLocaleString("en-US");

/** "Showing 51–100 of 2,000 titles" for a page of a plan's titles, or what a page after the last holds. */
export function titlePagesLabel(page: { page: number; pageSize: number; total: number }, shown: number): string {
  if (shown === 0) return `No titles on this page: the plan has ${titleCount(page.total)}.`;
  const from = (page.page - 1) * page.pageSize + 1;
  return `Showing ${titleCount(from)}–${titleCount(from + shown - 1)} of ${titleCount(page.total)} ${page.total === 1 ? "title" : "titles"}`;
}
