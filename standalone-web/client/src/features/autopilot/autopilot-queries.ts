// The autopilot's server data, read through the routes' declarations: the plan list, and one plan with a page of its
// titles (keyed under the list's address, the page the key's last part). Nothing refetches by itself, except a plan while
// one of its posts is being written; every mutation stores what the server answered and refreshes the keys it changes
// through the helpers below.
import type {
  ContentPlanDetailView,
  ContentPlanItemView,
  ContentPlanListResponse,
  PlanItemStatus,
} from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { keepPreviousData, useQuery, type QueryClient } from "@tanstack/react-query";
import { ApiError, callRoute, routeQuery, routeQueryKey } from "../../lib/api";

export const contentPlansKey = routeQueryKey(contract.listContentPlans);
/** Every page of one plan (the prefix of their keys). */
export const contentPlanKey = (id: number) => [...contentPlansKey, id] as const;
/** One page of a plan's titles. */
export const contentPlanPageKey = (id: number, page: number) => [...contentPlansKey, id, { page }] as const;

/** How many titles a page of a plan shows (the API's default). */
export const PLAN_PAGE_SIZE = 50;

/** How often a plan is reloaded while a post is being written for it. */
export const PREPARING_POLL_MS = 30_000;

export function useContentPlans() {
  return useQuery(routeQuery(contract.listContentPlans));
}

/**
 * One plan with a page of its titles (from 1); reloaded every 30 s while something is being written, so it moves to
 * "To review". While another page loads, the one shown stays.
 */
export function useContentPlan(id: number, page = 1) {
  return useQuery<ContentPlanDetailView>({
    queryKey: contentPlanPageKey(id, page),
    queryFn: ({ signal }) =>
      callRoute(contract.getContentPlan, { params: { id }, query: { page, pageSize: PLAN_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    enabled: Number.isInteger(id) && id > 0 && Number.isInteger(page) && page > 0,
    refetchInterval: (query) =>
      // Any of the plan's titles, on this page or another.
      (query.state.data?.counts.preparing ?? 0) > 0 ? PREPARING_POLL_MS : false,
  });
}

/** Puts a plan the server just returned in the cache at once (the page it holds and its row in the list). */
export function storePlan(queryClient: QueryClient, plan: ContentPlanDetailView): void {
  queryClient.setQueryData<ContentPlanDetailView>(contentPlanPageKey(plan.id, plan.itemsPage.page), plan);
  queryClient.setQueryData<ContentPlanListResponse>(contentPlansKey, (list) => {
    if (!list) return list;
    const { items: _items, itemsPage: _page, ...row } = plan;
    return list.plans.some((p) => p.id === plan.id)
      ? { plans: list.plans.map((p) => (p.id === plan.id ? row : p)) }
      : { plans: [...list.plans, row] };
  });
}

/** Replaces one title of a cached plan with the server's answer (it moves to its new section at once). */
export function storeItem(queryClient: QueryClient, planId: number, item: ContentPlanItemView): void {
  queryClient.setQueriesData<ContentPlanDetailView>({ queryKey: contentPlanKey(planId) }, (plan) =>
    plan ? { ...plan, items: plan.items.map((i) => (i.id === item.id ? item : i)) } : plan,
  );
}

/** Takes a removed title out of a cached plan. */
export function dropItem(queryClient: QueryClient, planId: number, itemId: number): void {
  queryClient.setQueriesData<ContentPlanDetailView>({ queryKey: contentPlanKey(planId) }, (plan) =>
    plan ? { ...plan, items: plan.items.filter((i) => i.id !== itemId) } : plan,
  );
}

/** Reloads a plan's pages and the list (its counts and next slot change with every action on its titles). */
export async function refreshPlan(queryClient: QueryClient, planId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: contentPlanKey(planId) }),
    queryClient.invalidateQueries({ queryKey: contentPlansKey, exact: true }),
  ]);
}

export interface CsvProblem {
  /** The file's line (1 is the header; 0 means the whole file). */
  line: number;
  reason: string;
}

/** The rows a CSV import refused (422 { message, problems }), or null for any other failure. */
export function csvProblems(error: unknown): CsvProblem[] | null {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.body) return null;
  try {
    const parsed = JSON.parse(error.body) as { problems?: unknown };
    const problems = parsed.problems;
    if (!Array.isArray(problems)) return null;
    return problems
      .filter(
        (p): p is CsvProblem =>
          Boolean(p) && typeof p === "object" && typeof p.line === "number" && typeof p.reason === "string",
      )
      .sort((a, b) => a.line - b.line);
  } catch {
    return null;
  }
}

/** Which titles each section of a plan's page shows. */
export const sections = {
  review: ["to_review"],
  upcoming: ["preparing", "approved", "planned"],
  published: ["published"],
  stopped: ["skipped", "failed"],
} as const satisfies Record<string, readonly PlanItemStatus[]>;

export function itemsIn(items: readonly ContentPlanItemView[], statuses: readonly PlanItemStatus[]) {
  return items.filter((item) => statuses.includes(item.status));
}
