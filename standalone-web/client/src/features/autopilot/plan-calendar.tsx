// A plan's titles on a month calendar, each on its slot's day in the plan's time zone with its time and status; the
// titles without a slot yet are listed under it. An entry opens what the list opens: the written post, or the edit
// dialog of a planned title. Skipped and failed titles say why.
import {
  countInMonth,
  dayKey,
  dayLabel,
  groupBySlotDay,
  monthLabel,
  monthWeeks,
  shiftMonth,
  type CalendarMonth,
} from "@postwright/core/autopilot/plan-calendar";
import type { ContentPlanDetailView, ContentPlanItemView } from "@postwright/core/contracts";
import { AlertCircle, ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/utils";
import { formatDay, formatSlotTime, weekdays } from "./plan-format";
import { EmptySection, itemTitle, PlanSection, StatusBadge, type ItemActions } from "./plan-items";

export interface PlanCalendarProps {
  plan: ContentPlanDetailView;
  month: CalendarMonth;
  /** Shows another month: one before or after, or the current one (null). */
  onMonthChange: (month: CalendarMonth | null) => void;
  actions: ItemActions;
}

export function PlanCalendar({ plan, month, onMonthChange, actions }: PlanCalendarProps) {
  const zone = plan.cadence.timeZone;
  const { days, unscheduled } = groupBySlotDay(plan.items, zone);
  const today = dayKey(new Date(), zone);
  const title = monthLabel(month);
  const empty = countInMonth(days, month) === 0;

  return (
    <div className="grid gap-6">
      <section aria-labelledby="plan-calendar-month" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="plan-calendar-month" className="text-lg font-semibold" aria-live="polite">
            {title}
          </h2>
          <div className="flex items-center gap-2">
            <Button
              variant="outline"
              size="icon"
              className="size-9"
              aria-label="Previous month"
              onClick={() => onMonthChange(shiftMonth(month, -1))}
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button variant="outline" size="sm" onClick={() => onMonthChange(null)}>
              Today
            </Button>
            <Button
              variant="outline"
              size="icon"
              className="size-9"
              aria-label="Next month"
              onClick={() => onMonthChange(shiftMonth(month, 1))}
            >
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </div>
        <p className="text-sm text-muted-foreground">Times are in {zone}, the plan&apos;s time zone.</p>
        {empty ? <EmptySection>Nothing planned, published or failed in {title}.</EmptySection> : null}

        <table aria-labelledby="plan-calendar-month" className="w-full table-fixed border-collapse max-sm:block">
          <thead className="max-sm:hidden">
            <tr>
              {weekdays.map((weekday) => (
                <th
                  key={weekday.value}
                  scope="col"
                  className="pb-1 text-left text-xs font-medium text-muted-foreground"
                >
                  <span aria-hidden="true">{weekday.short}</span>
                  <span className="sr-only">{weekday.long}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-sm:grid max-sm:gap-2">
            {monthWeeks(month).map((week) => (
              <tr key={week[0]?.key} className="max-sm:contents">
                {week.map((day) => {
                  const items = days.get(day.key) ?? [];
                  const isToday = day.key === today;
                  return (
                    <td
                      key={day.key}
                      aria-current={isToday ? "date" : undefined}
                      className={cn(
                        "h-28 border border-border p-1.5 align-top max-sm:block max-sm:h-auto max-sm:rounded-lg max-sm:p-2",
                        day.inMonth ? "bg-card" : "bg-muted/50 text-muted-foreground",
                        // On a phone the month is a list of the days that have something.
                        (items.length === 0 || !day.inMonth) && "max-sm:hidden",
                        isToday && "ring-2 ring-inset ring-primary",
                      )}
                    >
                      <p className="mb-1 text-xs font-medium">
                        <span aria-hidden="true" className={cn("max-sm:hidden", isToday && "text-primary")}>
                          {day.day}
                        </span>
                        <span className="sm:sr-only">
                          {dayLabel(day.key)}
                          {isToday ? " (today)" : ""}
                        </span>
                      </p>
                      {items.length > 0 ? (
                        <ul className="grid gap-1">
                          {items.map((item) => (
                            <li key={item.id}>
                              <CalendarEntry item={item} time={formatSlotTime(item.slotAt, zone)} actions={actions} />
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {unscheduled.length > 0 ? (
        <PlanSection
          id="plan-calendar-waiting"
          title="Waiting for a slot"
          count={unscheduled.length}
          description="These titles take the plan's next free slots, in this order."
        >
          <ul className="grid gap-2 sm:grid-cols-2">
            {unscheduled.map((item) => (
              <li key={item.id}>
                <CalendarEntry
                  item={item}
                  time={item.preferredDate ? `Wanted on ${formatDay(item.preferredDate, zone)}` : ""}
                  actions={actions}
                />
              </li>
            ))}
          </ul>
        </PlanSection>
      ) : null}
    </div>
  );
}

/** What clicking an entry opens, as in the list: the written post, or the edit dialog of a planned title. */
function openerOf(item: ContentPlanItemView, actions: ItemActions): (() => void) | null {
  if (item.post) return () => actions.onOpen(item);
  if (item.status === "planned") return () => actions.onEdit(item);
  return null;
}

function CalendarEntry({ item, time, actions }: { item: ContentPlanItemView; time: string; actions: ItemActions }) {
  const title = itemTitle(item);
  const open = openerOf(item, actions);
  const body = (
    <>
      <span className="flex flex-wrap items-center gap-1">
        {time ? <span className="font-semibold tabular-nums">{time}</span> : null}
        <StatusBadge status={item.status} />
      </span>
      <span className="line-clamp-3 break-words font-medium leading-snug">{title}</span>
    </>
  );
  const reason = item.lastError && item.status !== "published" ? item.lastError : null;
  const box = "grid w-full gap-1 rounded-md border border-border bg-background p-1.5 text-left text-xs";
  return (
    <div className="grid gap-1">
      {open ? (
        <button
          type="button"
          title={title}
          onClick={open}
          className={cn(
            box,
            "transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
          )}
        >
          {body}
        </button>
      ) : (
        <div className={box}>{body}</div>
      )}
      {reason ? (
        <p className="flex gap-1 text-xs text-destructive break-words">
          <AlertCircle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          <span>{reason}</span>
        </p>
      ) : null}
    </div>
  );
}
