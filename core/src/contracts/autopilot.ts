// The autopilot's API vocabulary: content plans and their titles as the API returns them (dates as ISO strings).
// The request schemas, with their messages, live beside the logic in core/src/autopilot.

/** Where a title of a plan stands. */
export const planItemStatuses = [
  /** Waiting for a slot, or for its preparation to start (about a day before its slot). */
  "planned",
  /** Being written now. */
  "preparing",
  /** Written, waiting for the owner's approval (plans in review mode). */
  "to_review",
  /** Approved (or written by a plan in automatic mode): scheduled for its slot. */
  "approved",
  /** Published in its slot. */
  "published",
  /** Not published: skipped by the owner, or its slot passed before it was approved. */
  "skipped",
  /** Could not be prepared or published; `lastError` says why. */
  "failed",
] as const;
export type PlanItemStatus = (typeof planItemStatuses)[number];

/** What the owner can do with a title: approve its draft, skip it, change its words, move it, or remove it. */
export const planItemActions = ["approve", "skip", "edit", "move", "remove"] as const;
export type PlanItemAction = (typeof planItemActions)[number];

/**
 * The actions a title's state allows, the one rule every screen draws its buttons from (and the core enforces):
 * a draft waiting for review can be approved; anything not published yet can be skipped; a title not prepared yet can
 * be changed and moved; a title not prepared yet, skipped or failed can be removed.
 */
export function planItemActionsFor(item: { status: PlanItemStatus; hasPost: boolean }): PlanItemAction[] {
  const { status, hasPost } = item;
  const allowed: PlanItemAction[] = [];
  if (status === "to_review" && hasPost) allowed.push("approve");
  if (status === "planned" || status === "to_review" || status === "approved") allowed.push("skip");
  if (status === "planned" && !hasPost) allowed.push("edit", "move");
  if (status === "planned" || status === "skipped" || status === "failed") allowed.push("remove");
  return allowed;
}

export interface PlanCadenceView {
  /** ISO weekdays, 1 Monday ... 7 Sunday. */
  weekdays: number[];
  /** Local time "HH:MM" in timeZone. */
  time: string;
  /** IANA time zone, e.g. "Europe/Paris". */
  timeZone: string;
}

export interface ContentPlanItemView {
  id: number;
  title: string;
  keywords: string[];
  notes: string | null;
  position: number;
  /** The day the owner asked for, if any. */
  preferredDate: string | null;
  /** The publishing slot it was given, if any. */
  slotAt: string | null;
  status: PlanItemStatus;
  /** The post written for it (at most one), with what the review list shows. */
  post: { id: number; title: string; seoScore: number; status: string } | null;
  /** Why it failed or was skipped, in words for the owner. */
  lastError: string | null;
  /** What the owner can do with it now (planItemActionsFor). */
  actions: PlanItemAction[];
}

export interface ContentPlanView {
  id: number;
  name: string;
  platform: "shopify" | "wordpress";
  connectionId: number | null;
  blogId: string | null;
  cadence: PlanCadenceView;
  postsAhead: number;
  /** "review": drafts wait for approval (the default); "auto": published in their slot unseen. */
  mode: "review" | "auto";
  /**
   * Whether the plan also proposes refreshes of the site's existing posts (at most one a week, each taking one of its
   * slots); a proposal is never published until the owner opens it and publishes it.
   */
  queueRefreshes: boolean;
  status: "active" | "paused";
  /** Why the plan was paused when the owner did not pause it (posts used up, plan without scheduling). */
  pausedReason: string | null;
  /** Paused for a reason a better plan removes (scheduling not included, the month's posts used up). */
  needsUpgrade: boolean;
  /**
   * A paused plan that Resume can restart: false while the account's plan has no scheduling (resuming is refused,
   * 403), where the screens offer the upgrade instead.
   */
  canResume: boolean;
  /** The next slot with a title, if any. */
  nextSlotAt: string | null;
  /**
   * One notice for the whole plan while the writer is failing (a provider outage): how many titles wait for another
   * try, why, and when the next one is. Null when nothing is delayed.
   */
  delayNotice: string | null;
  counts: Record<PlanItemStatus, number>;
  createdAt: string;
}

/** Which titles of a plan a view holds: one page of them, in the plan's order. */
export interface PlanItemsPage {
  /** The page shown, from 1 (a page after the last holds no titles). */
  page: number;
  pageSize: number;
  /** The plan's titles in all (counts has them per status). */
  total: number;
}

export interface ContentPlanDetailView extends ContentPlanView {
  /**
   * One page of the titles (the first 50 unless the address asks for another, see itemsPage): titles with a slot
   * first (by slot), then the waiting ones in order.
   */
  items: ContentPlanItemView[];
  itemsPage: PlanItemsPage;
  /** The refreshes the plan proposed, newest first (the last 20), each opened at /refreshes/:id. */
  refreshes: PlanRefreshView[];
}

/** A refresh a plan proposed: "proposed" waits for the owner's review; published once the owner publishes it. */
export interface PlanRefreshView {
  id: number;
  title: string;
  url: string;
  /** proposed (to review), publishing, published, restoring or restored. */
  state: string;
  /** The plan's slot it took. */
  slotAt: string | null;
  createdAt: string;
}

export interface ContentPlanListResponse {
  plans: ContentPlanView[];
}

/** POST /api/content-plans/:id/ideas: titles with keywords proposed for the plan. */
export interface PlanIdeasResponse {
  ideas: {
    title: string;
    keywords: string[];
    /** The closest post or title the owner already has, when the two share enough keywords to compete. */
    overlap: { title: string; percent: number } | null;
  }[];
  /** Ideas left out because the owner already covers the topic. */
  excluded: number;
}

/** ISO weekdays (1 Monday ... 7 Sunday), as the cadence numbers them, with their short and full names. */
export const weekdays = [
  { value: 1, short: "Mon", long: "Monday" },
  { value: 2, short: "Tue", long: "Tuesday" },
  { value: 3, short: "Wed", long: "Wednesday" },
  { value: 4, short: "Thu", long: "Thursday" },
  { value: 5, short: "Fri", long: "Friday" },
  { value: 6, short: "Sat", long: "Saturday" },
  { value: 7, short: "Sun", long: "Sunday" },
] as const;

/** A cadence in words, the same on every surface: "Mon, Wed, Fri at 09:00 (Europe/Paris)", or "Every day at ...". */
export function cadenceText(cadence: PlanCadenceView): string {
  const days = [...new Set(cadence.weekdays)].sort((a, b) => a - b);
  const names =
    days.length === 7
      ? "Every day"
      : days
          .map((day) => weekdays.find((w) => w.value === day)?.short ?? "")
          .filter(Boolean)
          .join(", ");
  return `${names} at ${cadence.time} (${cadence.timeZone})`;
}

/** A title's status as the owner reads it. */
export const planItemStatusLabel: Record<PlanItemStatus, string> = {
  planned: "Planned",
  preparing: "Being written",
  to_review: "To review",
  approved: "Approved",
  published: "Published",
  skipped: "Skipped",
  failed: "Failed",
};
