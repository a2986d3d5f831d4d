// One plan's page: its settings and state (pause, resume, settings, delete), the drafts to review, the upcoming,
// published, skipped and failed titles (as lists, or on a month calendar) of the page of titles shown (the sections
// count all of the plan's), and the ways to add titles (typed, imported, or picked from ideas).
import type { ContentPlanDetailView, ContentPlanItemView, PlanItemStatus } from "@postwright/core/contracts";
import { ArrowLeft, CalendarClock, CalendarDays, List, Pause, Settings2, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { cn } from "../../lib/utils";
import { AddTitleCard, ImportCsvCard } from "./add-titles";
import { itemsIn, sections } from "./autopilot-queries";
import { DraftDialog } from "./draft-dialog";
import { PlanCalendar } from "./plan-calendar";
import { DelayNotice, PausedNotice } from "./paused-notice";
import { ConfirmDialog, EditItemDialog, EditPlanDialog } from "./plan-dialogs";
import { cadenceText, formatSlot } from "./plan-format";
import { AskIdeasCard } from "./plan-ideas";
import { DoneList, EmptySection, PlanSection, ReviewList, UpcomingList, type ItemActions } from "./plan-items";
import { ModeBadge, PlanStatusBadge } from "./plan-list";
import { lastPage, PlanPager } from "./plan-pager";
import { useDeletePlan, useRemoveItem, useMoveItem, useReviewItem, useUpdatePlan } from "./plan-mutations";
import { PlanRefreshes } from "./plan-refreshes";
import { usePlanViewQuery, type PlanView } from "./plan-view-query";
import { targetLabel, usePublishTargets } from "./publish-targets";

export function PlanDetail({
  plan,
  pageLoading = false,
  onPageChange = () => undefined,
}: {
  plan: ContentPlanDetailView;
  /** True while another page of titles loads (this one stays shown). */
  pageLoading?: boolean;
  onPageChange?: (page: number) => void;
}) {
  const navigate = useNavigate();
  const { targets } = usePublishTargets();
  const zone = plan.cadence.timeZone;
  const slotOf = (item: ContentPlanItemView) => formatSlot(item.slotAt, zone);
  const { view, setView, month, setMonth } = usePlanViewQuery(zone);

  const update = useUpdatePlan(plan.id);
  const remove = useDeletePlan(plan.id, () => navigate("/autopilot"));
  const review = useReviewItem(plan.id, slotOf);
  const move = useMoveItem(plan.id);
  const removeItem = useRemoveItem(plan.id);

  const [editingSettings, setEditingSettings] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const [editing, setEditing] = useState<ContentPlanItemView | null>(null);
  const [removing, setRemoving] = useState<ContentPlanItemView | null>(null);
  // The open draft follows the plan as it reloads (approved meanwhile, edited).
  const openItem = plan.items.find((item) => item.id === openId) ?? null;

  const reviewAction = (action: "approve" | "skip") => (item: ContentPlanItemView) =>
    review.mutate({ item, action }, { onSuccess: () => setOpenId(null) });

  const actions: ItemActions = {
    onOpen: (item) => setOpenId(item.id),
    onApprove: reviewAction("approve"),
    onSkip: reviewAction("skip"),
    onEdit: setEditing,
    onRemove: setRemoving,
    onMove: (item, direction) => move.mutate({ item, direction }),
    reviewing:
      review.isPending && review.variables
        ? { itemId: review.variables.item.id, action: review.variables.action }
        : null,
  };

  const toReview = itemsIn(plan.items, sections.review);
  const upcoming = itemsIn(plan.items, sections.upcoming);
  const published = itemsIn(plan.items, sections.published).reverse();
  const stopped = itemsIn(plan.items, sections.stopped);
  const next = formatSlot(plan.nextSlotAt, zone);
  // The sections count the whole plan's titles; each lists those of the page shown.
  const total = (statuses: readonly PlanItemStatus[]) => statuses.reduce((sum, status) => sum + plan.counts[status], 0);
  const paged = lastPage(plan.itemsPage) > 1 || plan.itemsPage.page > 1;
  const elsewhere = "None on this page of titles.";
  const pager = (
    <PlanPager page={plan.itemsPage} shown={plan.items.length} loading={pageLoading} onPageChange={onPageChange} />
  );

  return (
    <div className="grid gap-8">
      <div className="grid gap-4">
        <Link
          to="/autopilot"
          className="inline-flex items-center gap-1 justify-self-start rounded-sm text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          All plans
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="grid min-w-0 gap-2">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="font-display text-3xl font-semibold tracking-tight break-words">{plan.name}</h1>
              <PlanStatusBadge status={plan.status} />
              <ModeBadge mode={plan.mode} />
            </div>
            <p className="text-muted-foreground">
              {targetLabel(plan, targets)} · {cadenceText(plan.cadence)} · {plan.postsAhead}{" "}
              {plan.postsAhead === 1 ? "post" : "posts"} ahead
            </p>
            <p className="text-sm text-muted-foreground">
              {plan.mode === "review"
                ? "Drafts wait for your approval. A draft not approved by its slot is skipped, never published unseen."
                : "Posts are published in their slot without waiting for your review."}
            </p>
            {next ? (
              <p className="inline-flex items-center gap-1.5 text-sm font-medium">
                <CalendarClock className="size-4 text-primary" aria-hidden="true" />
                Next post: {next}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            {plan.status === "active" ? (
              <Button variant="outline" onClick={() => update.mutate({ status: "paused" })} loading={update.isPending}>
                {update.isPending ? null : <Pause aria-hidden="true" />}
                {update.isPending ? "Pausing..." : "Pause"}
              </Button>
            ) : null}
            <Button variant="outline" onClick={() => setEditingSettings(true)}>
              <Settings2 aria-hidden="true" />
              Settings
            </Button>
            <Button variant="ghost" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </div>
        </div>
        <PausedNotice plan={plan} />
        <DelayNotice plan={plan} />
      </div>

      <Tabs value={view} onValueChange={(value) => setView(value as PlanView)} className="grid gap-6">
        <TabsList aria-label="Show the titles as" className="justify-self-start">
          <TabsTrigger value="list">
            <List className="size-4" aria-hidden="true" />
            List
          </TabsTrigger>
          <TabsTrigger value="calendar">
            <CalendarDays className="size-4" aria-hidden="true" />
            Calendar
          </TabsTrigger>
        </TabsList>
        <div
          className={cn(
            "grid items-start gap-8",
            // The calendar takes the page's width, with the ways to add titles under it.
            view === "list" && "lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]",
          )}
        >
          <TabsContent value="list" className="mt-0 grid gap-8">
            {plan.mode === "review" || toReview.length > 0 ? (
              <PlanSection
                id="plan-review"
                title="To review"
                count={total(sections.review)}
                description="Approve a draft to publish it in its slot. A draft not approved by then is skipped."
              >
                {toReview.length > 0 ? (
                  <ReviewList plan={plan} items={toReview} actions={actions} />
                ) : paged && total(sections.review) > 0 ? (
                  <EmptySection>{elsewhere}</EmptySection>
                ) : (
                  <EmptySection>
                    Nothing to review right now. Drafts appear here about a day before their slot.
                  </EmptySection>
                )}
              </PlanSection>
            ) : null}

            <PlanSection id="plan-upcoming" title="Upcoming" count={total(sections.upcoming)}>
              {upcoming.length > 0 ? (
                <UpcomingList
                  plan={plan}
                  items={upcoming}
                  actions={actions}
                  // Titles on the pages around this one can trade places with its first and last.
                  edges={{ before: plan.itemsPage.page > 1, after: plan.itemsPage.page < lastPage(plan.itemsPage) }}
                />
              ) : paged && total(sections.upcoming) > 0 ? (
                <EmptySection>{elsewhere}</EmptySection>
              ) : (
                <EmptySection>No titles waiting. Add some so the autopilot has something to write.</EmptySection>
              )}
            </PlanSection>

            <PlanSection id="plan-published" title="Published" count={total(sections.published)}>
              {published.length > 0 ? (
                <DoneList plan={plan} items={published} actions={actions} />
              ) : paged && total(sections.published) > 0 ? (
                <EmptySection>{elsewhere}</EmptySection>
              ) : (
                <EmptySection>Nothing published yet.</EmptySection>
              )}
            </PlanSection>

            <PlanRefreshes plan={plan} />

            <PlanSection id="plan-stopped" title="Skipped and failed" count={total(sections.stopped)}>
              {stopped.length > 0 ? (
                <DoneList plan={plan} items={stopped} actions={actions} />
              ) : paged && total(sections.stopped) > 0 ? (
                <EmptySection>{elsewhere}</EmptySection>
              ) : (
                <EmptySection>Nothing skipped or failed.</EmptySection>
              )}
            </PlanSection>
            {pager}
          </TabsContent>
          <TabsContent value="calendar" className="mt-0">
            <div className="grid gap-4">
              <PlanCalendar plan={plan} month={month} onMonthChange={setMonth} actions={actions} />
              {pager}
            </div>
          </TabsContent>

          <aside
            className={cn("grid gap-6", view === "calendar" && "items-start lg:grid-cols-3")}
            aria-label="Add titles"
          >
            <AddTitleCard planId={plan.id} />
            <ImportCsvCard planId={plan.id} />
            <AskIdeasCard planId={plan.id} />
          </aside>
        </div>
      </Tabs>

      <DraftDialog
        planId={plan.id}
        item={openItem}
        slot={openItem ? slotOf(openItem) : ""}
        onClose={() => setOpenId(null)}
        onApprove={actions.onApprove}
        onSkip={actions.onSkip}
      />
      <EditPlanDialog plan={plan} open={editingSettings} onOpenChange={setEditingSettings} />
      <EditItemDialog planId={plan.id} item={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete "${plan.name}"?`}
        description="The plan and its titles are removed, and approved drafts will not be published. Posts already written stay in your posts on the dashboard."
        confirmLabel="Delete plan"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title="Remove this title?"
        description={removing ? `"${removing.title}" will not be written or published.` : ""}
        confirmLabel="Remove title"
        pendingLabel="Removing..."
        pending={removeItem.isPending}
        onConfirm={() => removing && removeItem.mutate(removing, { onSuccess: () => setRemoving(null) })}
      />
    </div>
  );
}
