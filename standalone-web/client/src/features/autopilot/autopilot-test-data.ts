// Sample API answers for the autopilot's tests, shaped like the contracts' types.
import {
  planItemActionsFor,
  type ContentPlanDetailView,
  type ContentPlanItemView,
  type ContentPlanView,
  type PlanItemStatus,
  type ShopifyConnectionView,
  type WordpressConnectionView,
} from "@postwright/core/contracts";

export const shopifyConnection: ShopifyConnectionView = {
  id: 4,
  storeName: "Trailhead Outfitters",
  storeUrl: "trailhead-outfitters.myshopify.com",
  blogId: "gid://shopify/Blog/91",
  isActive: true,
  createdAt: "2026-01-05T10:00:00.000Z",
};

export const wordpressConnection: WordpressConnectionView = {
  id: 9,
  siteName: "Trailhead Journal",
  siteUrl: "https://journal.trailhead.example",
  username: "editor",
  isActive: true,
  createdAt: "2026-01-06T10:00:00.000Z",
  via: "application_password",
  lastUsedAt: null,
};

export function countsOf(items: Pick<ContentPlanItemView, "status">[]): Record<PlanItemStatus, number> {
  const counts: Record<PlanItemStatus, number> = {
    planned: 0,
    preparing: 0,
    to_review: 0,
    approved: 0,
    published: 0,
    skipped: 0,
    failed: 0,
  };
  for (const item of items) counts[item.status] += 1;
  return counts;
}

/** A title as the service answers it: its actions are the core's rule for its status, unless the test says. */
export function sampleItem(overrides: Partial<ContentPlanItemView> = {}): ContentPlanItemView {
  const item = {
    id: 101,
    title: "How to Choose Trail Running Shoes",
    keywords: ["trail running shoes", "shoe fitting"],
    notes: null,
    position: 1,
    preferredDate: null,
    slotAt: null,
    status: "planned" as const,
    post: null,
    lastError: null,
    ...overrides,
  };
  return {
    ...item,
    actions: overrides.actions ?? planItemActionsFor({ status: item.status, hasPost: item.post !== null }),
  };
}

/** A plan with its titles; counts and the next slot follow from the titles unless given. */
export function samplePlan(
  overrides: Partial<ContentPlanDetailView> = {},
  items: ContentPlanItemView[] = overrides.items ?? [],
): ContentPlanDetailView {
  const nextSlotAt =
    items
      .filter((i) => i.slotAt && ["planned", "preparing", "to_review", "approved"].includes(i.status))
      .map((i) => i.slotAt as string)
      .sort()[0] ?? null;
  return {
    id: 12,
    name: "Spring trail guides",
    platform: "shopify",
    connectionId: shopifyConnection.id,
    blogId: shopifyConnection.blogId,
    cadence: { weekdays: [1, 3, 5], time: "09:00", timeZone: "Europe/Paris" },
    postsAhead: 3,
    mode: "review",
    queueRefreshes: false,
    status: "active",
    pausedReason: null,
    needsUpgrade: false,
    canResume: overrides.status === "paused",
    nextSlotAt,
    delayNotice: null,
    counts: countsOf(items),
    createdAt: "2026-03-01T10:00:00.000Z",
    itemsPage: { page: 1, pageSize: 50, total: items.length },
    refreshes: [],
    ...overrides,
    items,
  };
}

/** The list row of a plan (the list carries no titles). */
export function planRow(plan: ContentPlanDetailView): ContentPlanView {
  const { items: _items, itemsPage: _page, ...row } = plan;
  return row;
}
