// A plan's titles on a month calendar: each on its slot's day in the plan's time zone, with its time and the status
// badge the list shows (skipped and failed ones say why); the titles without a slot yet are listed under it. A title
// with a written post opens it, as "Open draft" and "Open post" do in the list. The view and the month are kept in the
// address ("?view=calendar&month=2026-03"), so a reload shows the same.
import { Link, useSearchParams } from "@remix-run/react";
import {
  Badge,
  BlockStack,
  Box,
  Button,
  ButtonGroup,
  Card,
  Divider,
  InlineGrid,
  InlineStack,
  Text,
  useBreakpoints,
} from "@shopify/polaris";
import {
  countInMonth,
  dayKey,
  dayLabel,
  groupBySlotDay,
  monthLabel,
  monthWeeks,
  readPlanViewQuery,
  shiftMonth,
  withPlanViewChange,
  type CalendarMonth,
  type PlanView,
} from "@postwright/core/autopilot/plan-calendar";
import type { PlanItemStatus } from "@postwright/core/contracts";
import { itemStatusLabel, itemTone, weekdays } from "./autopilot-format";

/** A plan's title as the page has it: the API's view and its slot formatted in the plan's time zone by the server. */
export interface CalendarItem {
  id: number;
  title: string;
  status: PlanItemStatus;
  slotAt: string | null;
  /** "Mon 30 Mar 2026, 09:00". */
  slot: string | null;
  lastError: string | null;
  post: { id: number; title: string } | null;
}

/** The view and month in the address (the core's readPlanViewQuery and withPlanViewChange). */
export function usePlanView(timeZone: string) {
  const [params, setParams] = useSearchParams();
  // The other parameters (Shopify admin's shop, host...) stay. Replaced rather than pushed: another view is not a
  // page of its own for the back button.
  const change = (next: Parameters<typeof withPlanViewChange>[1]) =>
    setParams((previous) => withPlanViewChange(previous, next), { replace: true, preventScrollReset: true });
  return {
    ...readPlanViewQuery(params, timeZone),
    setView: (view: PlanView) => change({ view }),
    /** null goes back to the current month. */
    setMonth: (month: CalendarMonth | null) => change({ month }),
  };
}

export function PlanCalendar({
  items,
  timeZone,
  month,
  onMonthChange,
}: {
  items: CalendarItem[];
  timeZone: string;
  month: CalendarMonth;
  /** Shows another month: one before or after, or the current one (null). */
  onMonthChange: (month: CalendarMonth | null) => void;
}) {
  // The month as a grid on wide screens; on a phone, the list of its days that have titles.
  const { mdUp } = useBreakpoints({ defaults: { mdUp: true } });
  const { days, unscheduled } = groupBySlotDay(items, timeZone);
  const today = dayKey(new Date(), timeZone);
  const title = monthLabel(month);
  const weeks = monthWeeks(month);
  const daysWithTitles = weeks.flat().filter((day) => day.inMonth && days.has(day.key));
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="300">
          <InlineStack align="space-between" blockAlign="center" gap="200">
            {/* Announced when the month changes. */}
            <Box role="status">
              <Text as="h2" variant="headingMd">
                {title}
              </Text>
            </Box>
            <ButtonGroup variant="segmented">
              <Button onClick={() => onMonthChange(shiftMonth(month, -1))}>Previous month</Button>
              <Button onClick={() => onMonthChange(null)}>Today</Button>
              <Button onClick={() => onMonthChange(shiftMonth(month, 1))}>Next month</Button>
            </ButtonGroup>
          </InlineStack>
          <Text as="p" tone="subdued">
            {`Times are in ${timeZone}, the plan's time zone.`}
          </Text>
          {countInMonth(days, month) === 0 ? (
            <Text as="p">{`Nothing planned, published or failed in ${title}.`}</Text>
          ) : null}
          {mdUp ? (
            <BlockStack gap="100">
              <InlineGrid columns={7} gap="100">
                {weekdays.map((weekday) => (
                  <Text key={weekday.value} as="p" variant="bodySm" tone="subdued" fontWeight="medium">
                    {weekday.short}
                  </Text>
                ))}
              </InlineGrid>
              <InlineGrid columns={7} gap="100">
                {weeks.flat().map((day) => {
                  const isToday = day.key === today;
                  const dayItems = days.get(day.key) ?? [];
                  return (
                    <Box
                      key={day.key}
                      padding="150"
                      minHeight="7rem"
                      background={day.inMonth ? "bg-surface" : "bg-surface-secondary"}
                      borderWidth={isToday ? "050" : "025"}
                      borderColor={isToday ? "border-emphasis" : "border"}
                      borderRadius="200"
                    >
                      <BlockStack gap="100">
                        <Text
                          as={dayItems.length ? "h3" : "p"}
                          variant="bodySm"
                          fontWeight={isToday ? "bold" : "medium"}
                          tone={day.inMonth ? undefined : "subdued"}
                        >
                          <span aria-hidden="true">{day.day}</span>
                          <Text as="span" visuallyHidden>
                            {dayLabel(day.key) + (isToday ? " (today)" : "")}
                          </Text>
                        </Text>
                        {dayItems.length ? <Entries items={dayItems} /> : null}
                      </BlockStack>
                    </Box>
                  );
                })}
              </InlineGrid>
            </BlockStack>
          ) : (
            daysWithTitles.map((day) => (
              <BlockStack key={day.key} gap="200">
                <Divider />
                <Text as="h3" variant="headingSm">
                  {dayLabel(day.key) + (day.key === today ? " (today)" : "")}
                </Text>
                <Entries items={days.get(day.key) ?? []} />
              </BlockStack>
            ))
          )}
        </BlockStack>
      </Card>
      {unscheduled.length > 0 ? (
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {`Waiting for a slot (${unscheduled.length})`}
            </Text>
            <Text as="p" tone="subdued">
              These titles take the plan&apos;s next free slots, in this order.
            </Text>
            <Entries items={unscheduled} />
          </BlockStack>
        </Card>
      ) : null}
    </BlockStack>
  );
}

function Entries({ items }: { items: CalendarItem[] }) {
  return (
    <BlockStack as="ul" gap="100">
      {items.map((item) => (
        <Entry key={item.id} item={item} />
      ))}
    </BlockStack>
  );
}

function Entry({ item }: { item: CalendarItem }) {
  const title = item.post?.title ?? item.title;
  const time = /\d{2}:\d{2}$/.exec(item.slot ?? "")?.[0];
  const stopped = item.status === "skipped" || item.status === "failed";
  return (
    <Box as="li" padding="100" borderWidth="025" borderColor="border-secondary" borderRadius="100">
      <BlockStack gap="100">
        <InlineStack gap="100" blockAlign="center">
          {time ? (
            <Text as="span" variant="bodySm" fontWeight="semibold" numeric>
              {time}
            </Text>
          ) : null}
          <Badge tone={itemTone[item.status]}>{itemStatusLabel[item.status]}</Badge>
        </InlineStack>
        <Text as="p" variant="bodySm" fontWeight="medium" breakWord>
          {item.post ? <Link to={`/app/posts/${item.post.id}`}>{title}</Link> : title}
        </Text>
        {item.lastError && stopped ? (
          <Text as="p" variant="bodySm" tone={item.status === "failed" ? "critical" : "subdued"} breakWord>
            {item.lastError}
          </Text>
        ) : null}
      </BlockStack>
    </Box>
  );
}
