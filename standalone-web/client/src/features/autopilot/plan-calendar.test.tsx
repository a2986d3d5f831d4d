import "../../test/setup";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AutopilotPlanPage } from "../../pages/autopilot-plan";
import { fakeApi, renderPage } from "../../test/render";
import { samplePost } from "../dashboard/dashboard-test-data";
import { sampleItem, samplePlan, shopifyConnection } from "./autopilot-test-data";

// Europe/Paris is on summer time from 29 March 2026: 07:00 UTC on Monday 30 March is 09:00 there.
const draft = sampleItem({
  id: 201,
  title: "Trail shoes for wet rocks",
  status: "to_review",
  slotAt: "2026-03-30T07:00:00.000Z",
  post: { id: 77, title: "Trail Shoes That Grip Wet Rocks", seoScore: 86, status: "draft" },
});
const published = sampleItem({
  id: 200,
  title: "Lacing for long descents",
  status: "published",
  slotAt: "2026-03-23T08:00:00.000Z",
  post: { id: 76, title: "Lacing Tricks for Long Descents", seoScore: 91, status: "published" },
});
// 22:30 UTC on Tuesday 31 March is 00:30 on Wednesday 1 April in Paris: it shows on 1 April.
const failed = sampleItem({
  id: 202,
  title: "Gaiters explained",
  status: "failed",
  slotAt: "2026-03-31T22:30:00.000Z",
  lastError: "The writing service did not answer after 5 tries.",
});
const planned = sampleItem({ id: 203, title: "Caring for your trail shoes", slotAt: "2026-04-03T07:00:00.000Z" });
const waiting = sampleItem({
  id: 204,
  title: "Winter trail running",
  position: 5,
  preferredDate: "2026-05-10T22:00:00.000Z",
});

const plan = samplePlan({}, [published, draft, failed, planned, waiting]);

function openPlan(at: string) {
  fakeApi({
    "GET /api/shopify/connection": { body: shopifyConnection },
    "GET /api/wordpress/connection": { status: 404 },
    "GET /api/content-plans/12": { body: plan },
    "GET /api/blog-posts": { body: [samplePost({ id: 77, title: "Trail Shoes That Grip Wet Rocks", seoScore: 86 })] },
  });
  return renderPage(<AutopilotPlanPage />, { path: "/autopilot/:id", at });
}

const location = () => screen.getByTestId("location").textContent;
const monthHeading = () => screen.getByRole("heading", { level: 2, name: /^\w+ \d{4}$/ });

/** A day of the calendar, found by its date in words. */
function day(label: string): HTMLElement {
  const cell = screen.getByText(label, { exact: false }).closest("td");
  if (!cell) throw new Error(`No day ${label} on the calendar`);
  return cell;
}

describe("a plan's calendar", () => {
  it("is chosen with the List / Calendar tabs, from the keyboard too, and kept in the address", async () => {
    openPlan("/autopilot/12");
    const tabs = await screen.findByRole("tablist", { name: "Show the titles as" });
    const list = within(tabs).getByRole("tab", { name: "List" });
    expect(list).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("region", { name: /^Upcoming/ })).toBeInTheDocument();

    await userEvent.click(within(tabs).getByRole("tab", { name: "Calendar" }));
    expect(location()).toBe("/autopilot/12?view=calendar");
    expect(screen.getByRole("tabpanel")).toContainElement(screen.getByRole("table"));
    expect(screen.queryByRole("region", { name: /^Upcoming/ })).not.toBeInTheDocument();

    // Arrow keys move between the two, as in any tab list (the focus moves a tick later).
    within(tabs).getByRole("tab", { name: "Calendar" }).focus();
    await userEvent.keyboard("{ArrowLeft}");
    await waitFor(() => expect(list).toHaveAttribute("aria-selected", "true"));
    expect(list).toHaveFocus();
    expect(location()).toBe("/autopilot/12");
    expect(screen.getByRole("region", { name: /^Upcoming/ })).toBeInTheDocument();
  });

  it("shows each title on its slot's day in the plan's time zone, with its time and status", async () => {
    openPlan("/autopilot/12?view=calendar&month=2026-03");
    expect(await screen.findByRole("tab", { name: "Calendar" })).toHaveAttribute("aria-selected", "true");
    expect(monthHeading()).toHaveTextContent("March 2026");
    expect(screen.getByText(/Times are in Europe\/Paris/)).toBeInTheDocument();
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "MonMonday",
      "TueTuesday",
      "WedWednesday",
      "ThuThursday",
      "FriFriday",
      "SatSaturday",
      "SunSunday",
    ]);

    const monday = within(day("Monday 30 March 2026")).getByRole("button");
    expect(monday).toHaveTextContent("09:00");
    expect(monday).toHaveTextContent("To review");
    expect(monday).toHaveTextContent("Trail Shoes That Grip Wet Rocks");
    // Before the change of clocks, 08:00 UTC is 09:00 in Paris too.
    expect(within(day("Monday 23 March 2026")).getByRole("button")).toHaveTextContent(
      "09:00PublishedLacing Tricks for Long Descents",
    );
    // The failed title is on 1 April in Paris (31 March in UTC), with its reason.
    expect(within(day("Tuesday 31 March 2026")).queryByRole("listitem")).not.toBeInTheDocument();
    const april1 = day("Wednesday 1 April 2026");
    expect(april1).toHaveTextContent("00:30FailedGaiters explained");
    expect(april1).toHaveTextContent("The writing service did not answer after 5 tries.");

    // The title without a slot waits under the calendar with the day it asked for.
    const waitingSection = screen.getByRole("region", { name: /^Waiting for a slot/ });
    expect(within(waitingSection).getByRole("listitem")).toHaveTextContent(
      "Wanted on Mon 11 May 2026PlannedWinter trail running",
    );
  });

  it("opens a draft from its day, and a planned title's edit dialog, as the list does", async () => {
    openPlan("/autopilot/12?view=calendar&month=2026-03");
    await screen.findByRole("table");
    await userEvent.click(within(day("Monday 30 March 2026")).getByRole("button"));
    const dialog = await screen.findByRole("dialog", { name: "Trail Shoes That Grip Wet Rocks" });
    expect(dialog).toHaveTextContent("Draft for Mon 30 Mar 2026, 09:00.");
    expect(within(dialog).getByRole("button", { name: "Approve" })).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await userEvent.click(within(screen.getByRole("region", { name: /^Waiting for a slot/ })).getByRole("button"));
    const edit = await screen.findByRole("dialog");
    expect(within(edit).getByLabelText("Title")).toHaveValue("Winter trail running");
  });

  it("moves between months, says when one is empty, and comes back to today's", async () => {
    // 23:30 UTC on 31 May 2026 is already 1 June in Paris.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-05-31T23:30:00.000Z"));
    openPlan("/autopilot/12?view=calendar");
    await screen.findByRole("table");
    expect(monthHeading()).toHaveTextContent("June 2026");
    expect(screen.getByText("Nothing planned, published or failed in June 2026.")).toBeInTheDocument();
    expect(day("Monday 1 June 2026")).toHaveAttribute("aria-current", "date");

    for (let step = 0; step < 3; step += 1)
      await userEvent.click(screen.getByRole("button", { name: "Previous month" }));
    expect(monthHeading()).toHaveTextContent("March 2026");
    expect(location()).toBe("/autopilot/12?view=calendar&month=2026-03");
    expect(screen.queryByText(/Nothing planned, published or failed/)).not.toBeInTheDocument();
    expect(within(day("Monday 30 March 2026")).getByRole("button")).toHaveTextContent("To review");

    await userEvent.click(screen.getByRole("button", { name: "Next month" }));
    expect(monthHeading()).toHaveTextContent("April 2026");
    expect(location()).toBe("/autopilot/12?view=calendar&month=2026-04");
    expect(within(day("Friday 3 April 2026")).getByRole("button")).toHaveTextContent("09:00PlannedCaring");

    await userEvent.click(screen.getByRole("button", { name: "Today" }));
    expect(monthHeading()).toHaveTextContent("June 2026");
    expect(location()).toBe("/autopilot/12?view=calendar");
  });
});
