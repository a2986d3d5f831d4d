// Which titles of a long plan the page shows, and the way to the pages before and after it: "Showing 51–100 of 2,000
// titles" with Previous and Next buttons (reachable and used with the keyboard like any button).
import type { PlanItemsPage } from "@postwright/core/contracts";
import { Pager } from "../../components/ui/pager";

const number = (value: number) => value.toLocaleString("en-US");

/** The last page of a plan's titles (1 for a plan without any). */
export function lastPage(page: PlanItemsPage): number {
  return Math.max(1, Math.ceil(page.total / page.pageSize));
}

/** "Showing 1–50 of 2,000 titles", or what a page after the last holds. */
export function pageText(page: PlanItemsPage, shown: number): string {
  if (shown === 0) return `No titles on this page: the plan has ${number(page.total)}.`;
  const from = (page.page - 1) * page.pageSize + 1;
  return `Showing ${number(from)}–${number(from + shown - 1)} of ${number(page.total)} ${page.total === 1 ? "title" : "titles"}`;
}

export function PlanPager({
  page,
  shown,
  loading,
  onPageChange,
}: {
  page: PlanItemsPage;
  /** How many titles the page holds. */
  shown: number;
  /** True while the page asked for loads (the one shown stays meanwhile; the buttons stay usable). */
  loading?: boolean;
  onPageChange: (page: number) => void;
}) {
  const last = lastPage(page);
  // A short plan fits on one page: nothing to page through.
  if (last === 1 && page.page === 1) return null;
  return (
    <Pager
      label="Pages of titles"
      summary={pageText(page, shown)}
      loading={loading}
      atFirst={page.page <= 1}
      atLast={page.page >= last}
      onPrevious={() => onPageChange(Math.min(page.page - 1, last))}
      onNext={() => onPageChange(page.page + 1)}
    />
  );
}
