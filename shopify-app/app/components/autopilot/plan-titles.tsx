// The plan's titles, one page of them at a time: as lists by status (to review, upcoming, published, skipped and
// failed) or on a month calendar, with Previous and Next through a long plan.
import { useSearchParams } from "@remix-run/react";
import { BlockStack, Box, InlineStack, Pagination, Tabs } from "@shopify/polaris";
import type { PlanItemStatus } from "@postwright/core/contracts";
import { titlePagesLabel } from "../../autopilot-format";
import { PlanCalendar, usePlanView } from "../../plan-calendar";
import { TitleSection } from "./title-section";
import type { LoadedPlan } from "./types";

const sections: Array<{ title: string; statuses: PlanItemStatus[]; empty: string }> = [
  { title: "To review", statuses: ["to_review"], empty: "No drafts are waiting for you." },
  { title: "Upcoming", statuses: ["planned", "preparing", "approved"], empty: "Add titles for the plan to write." },
  { title: "Published", statuses: ["published"], empty: "Nothing published by this plan yet." },
  { title: "Skipped and failed", statuses: ["skipped", "failed"], empty: "Nothing skipped or failed." },
];

const viewTabs = [
  { id: "plan-view-list", content: "List", panelID: "plan-view-list-panel" },
  { id: "plan-view-calendar", content: "Calendar", panelID: "plan-view-calendar-panel" },
];

export function PlanTitles({ plan }: { plan: Pick<LoadedPlan, "items" | "itemsPage" | "counts" | "cadence"> }) {
  const { view, setView, month, setMonth } = usePlanView(plan.cadence.timeZone);
  const [, setParams] = useSearchParams();
  // Another page of titles is a page of its own for the back button; Shopify admin's parameters stay.
  const goToPage = (page: number) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (page > 1) next.set("page", String(page));
      else next.delete("page");
      return next;
    });
  const pages = <TitlePages page={plan.itemsPage} shown={plan.items.length} onPage={goToPage} />;
  return (
    <Tabs
      tabs={viewTabs}
      selected={view === "calendar" ? 1 : 0}
      onSelect={(index) => setView(index === 1 ? "calendar" : "list")}
    >
      <Box paddingBlockStart="400">
        <BlockStack gap="400">
          {view === "calendar" ? (
            <PlanCalendar items={plan.items} timeZone={plan.cadence.timeZone} month={month} onMonthChange={setMonth} />
          ) : (
            sections.map((section) => (
              <TitleSection
                key={section.title}
                title={section.title}
                // The plan's titles in all, of which the page shows some.
                count={section.statuses.reduce((sum, status) => sum + plan.counts[status], 0)}
                empty={section.empty}
                items={plan.items.filter((item) => section.statuses.includes(item.status))}
              />
            ))
          )}
          {pages}
        </BlockStack>
      </Box>
    </Tabs>
  );
}

/** Previous and Next through a long plan's titles (nothing when they fit on one page). */
function TitlePages({
  page,
  shown,
  onPage,
}: {
  page: { page: number; pageSize: number; total: number };
  shown: number;
  onPage: (page: number) => void;
}) {
  const last = Math.max(1, Math.ceil(page.total / page.pageSize));
  if (last === 1 && page.page === 1) return null;
  return (
    <InlineStack align="center">
      <Pagination
        label={titlePagesLabel(page, shown)}
        hasPrevious={page.page > 1}
        onPrevious={() => onPage(Math.min(page.page - 1, last))}
        hasNext={page.page < last}
        onNext={() => onPage(page.page + 1)}
        accessibilityLabels={{ previous: "Previous titles", next: "Next titles" }}
      />
    </InlineStack>
  );
}
