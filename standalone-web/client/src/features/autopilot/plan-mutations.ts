// The autopilot's actions: change a plan (pause, resume, settings), delete it, and act on its titles. Each stores the
// server's answer at once, tells the owner in a toast (the server's own words when it refuses), and refreshes the
// plan and the list.
import type { ContentPlanItemView } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../hooks/use-toast";
import { callRoute, errorMessage } from "../../lib/api";
import { contentPlanKey, contentPlansKey, dropItem, refreshPlan, storeItem, storePlan } from "./autopilot-queries";

export interface PlanPatch {
  name?: string;
  cadence?: { weekdays: number[]; time: string; timeZone: string };
  postsAhead?: number;
  mode?: "review" | "auto";
  queueRefreshes?: boolean;
  status?: "active" | "paused";
}

function failed(title: string, fallback: string) {
  return (error: unknown) => toast({ title, description: errorMessage(error, fallback), variant: "destructive" });
}

/** Changes a plan (updateContentPlan); the toast says what changed. */
export function useUpdatePlan(planId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PlanPatch) =>
      callRoute(contract.updateContentPlan, { params: { id: planId }, query: {}, body: patch }),
    onSuccess: async (plan, patch) => {
      storePlan(queryClient, plan);
      if (patch.status === "active") {
        toast({ title: "Plan resumed", description: `"${plan.name}" will write and publish on its schedule again.` });
      } else if (patch.status === "paused") {
        toast({ title: "Plan paused", description: "Nothing is written or published until you resume it." });
      } else if (patch.queueRefreshes !== undefined) {
        toast({
          title: patch.queueRefreshes ? "Refreshes turned on" : "Refreshes turned off",
          description: patch.queueRefreshes
            ? "The plan proposes a refresh of one of your posts at most once a week, for you to review."
            : "The plan proposes no more refreshes. Those already proposed stay for you to review.",
        });
      } else {
        toast({ title: "Plan saved", description: "Your changes apply from the next slot." });
      }
      await refreshPlan(queryClient, planId);
    },
    onError: failed("Plan not changed", "We could not change the plan. Please try again."),
  });
}

export function useDeletePlan(planId: number, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(contract.deleteContentPlan, { params: { id: planId } }),
    onSuccess: async () => {
      toast({ title: "Plan deleted" });
      onDeleted();
      queryClient.removeQueries({ queryKey: contentPlanKey(planId) });
      await queryClient.invalidateQueries({ queryKey: contentPlansKey, exact: true });
    },
    onError: failed("Plan not deleted", "We could not delete the plan. Please try again."),
  });
}

export interface NewPlanItem {
  title: string;
  keywords: string[];
  notes: string | null;
}

export function useAddItems(planId: number, onAdded: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: NewPlanItem[]) => callRoute(contract.addPlanItems, { params: { id: planId }, body: { items } }),
    onSuccess: async (data, items) => {
      const added = data?.added ?? items.length;
      toast({ title: added === 1 ? "Title added" : `${added} titles added` });
      onAdded();
      await refreshPlan(queryClient, planId);
    },
    onError: failed("Title not added", "We could not add the title. Please try again."),
  });
}

/** POST .../import with the file's text; a 422 (rows refused) is shown by the caller, line by line. */
export function useImportCsv(planId: number, onImported: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => callRoute(contract.importPlanCsv, { params: { id: planId }, body: { csv } }),
    onSuccess: async (data) => {
      const added = data?.added ?? 0;
      toast({ title: "File imported", description: added === 1 ? "1 title added." : `${added} titles added.` });
      onImported();
      await refreshPlan(queryClient, planId);
    },
  });
}

/** How many ideas one request asks for (the API takes 1 to 20). */
export const IDEAS_COUNT = 10;

/** POST .../ideas for a niche; a refusal (400, or 429 once the month's suggestions are used up) is shown by the caller. */
export function useSuggestIdeas(planId: number) {
  return useMutation({
    mutationFn: (niche: string) =>
      callRoute(contract.suggestPlanIdeas, { params: { id: planId }, body: { niche, count: IDEAS_COUNT } }),
  });
}

export function useEditItem(planId: number, itemId: number, onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<NewPlanItem>) =>
      callRoute(contract.updatePlanItem, { params: { id: planId, itemId }, body: patch }),
    onSuccess: async (item) => {
      storeItem(queryClient, planId, item);
      toast({ title: "Title saved" });
      onSaved();
      await refreshPlan(queryClient, planId);
    },
    onError: failed("Title not saved", "We could not save the title. Please try again."),
  });
}

export function useRemoveItem(planId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: ContentPlanItemView) =>
      callRoute(contract.removePlanItem, { params: { id: planId, itemId: item.id } }),
    onSuccess: async (_data, item) => {
      dropItem(queryClient, planId, item.id);
      toast({ title: "Title removed", description: `"${item.title}" will not be written.` });
      await refreshPlan(queryClient, planId);
    },
    onError: failed("Title not removed", "We could not remove the title. Please try again."),
  });
}

/** Approve (the draft is scheduled for its slot) or skip (it is not published) a title. */
export function useReviewItem(planId: number, slotOf: (item: ContentPlanItemView) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, action }: { item: ContentPlanItemView; action: "approve" | "skip" }) =>
      callRoute(action === "approve" ? contract.approvePlanItem : contract.skipPlanItem, {
        params: { id: planId, itemId: item.id },
      }),
    onSuccess: async (updated, { action }) => {
      storeItem(queryClient, planId, updated);
      const title = updated.post?.title ?? updated.title;
      if (action === "approve") {
        const slot = slotOf(updated);
        toast({
          title: "Draft approved",
          description: slot ? `"${title}" will be published on ${slot}.` : `"${title}" will be published in its slot.`,
        });
      } else {
        toast({ title: "Draft skipped", description: `"${title}" will not be published.` });
      }
      await refreshPlan(queryClient, planId);
    },
    onError: (error, { action }) =>
      toast({
        title: action === "approve" ? "Draft not approved" : "Draft not skipped",
        description: errorMessage(error, "Something went wrong. Please try again."),
        variant: "destructive",
      }),
  });
}

/** Moves a waiting title one place earlier or later (it takes its neighbour's slot). */
export function useMoveItem(planId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, direction }: { item: ContentPlanItemView; direction: "earlier" | "later" }) =>
      callRoute(contract.movePlanItem, { params: { id: planId, itemId: item.id }, query: {}, body: { direction } }),
    onSuccess: async (plan) => {
      storePlan(queryClient, plan);
      await refreshPlan(queryClient, planId);
    },
    onError: failed("Title not moved", "We could not move the title. Please try again."),
  });
}
