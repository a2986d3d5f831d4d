import "../../test/setup";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderPage } from "../../test/render";
import { findToast, sampleDetails, samplePost } from "./dashboard-test-data";
import { ScheduleDialog } from "./schedule-dialog";

// Tuesday 10 March 2026, 14:30 local time.
const now = new Date(2026, 2, 10, 14, 30);

function renderDialog(connected = { shopify: true, wordpress: false }, post = samplePost()) {
  return renderPage(
    <ScheduleDialog open onOpenChange={vi.fn()} post={post} connected={connected} defaultPlatforms={["shopify"]} />,
  );
}

const scheduleButton = () => screen.getByRole("button", { name: "Schedule" });

describe("ScheduleDialog", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("starts at tomorrow 09:00 on the chosen platform, from today on", () => {
    fakeApi({});
    renderDialog();
    expect(screen.getByLabelText("Date")).toHaveValue("2026-03-11");
    expect(screen.getByLabelText("Date")).toHaveAttribute("min", "2026-03-10");
    expect(screen.getByLabelText("Time")).toHaveValue("09:00");
    expect(screen.getByLabelText("Shopify")).toBeChecked();
    expect(screen.getByLabelText(/WordPress/)).toBeDisabled();
    expect(scheduleButton()).toBeEnabled();
  });

  it("is disabled for a moment in the past, without a time, or without a platform", () => {
    fakeApi({});
    renderDialog();
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2026-03-10" } });
    fireEvent.change(screen.getByLabelText("Time"), { target: { value: "14:00" } });
    expect(scheduleButton()).toBeDisabled();
    expect(screen.getByRole("alert")).toHaveTextContent("Choose a moment in the future.");

    fireEvent.change(screen.getByLabelText("Time"), { target: { value: "15:00" } });
    expect(scheduleButton()).toBeEnabled();

    fireEvent.change(screen.getByLabelText("Time"), { target: { value: "" } });
    expect(scheduleButton()).toBeDisabled();
    fireEvent.change(screen.getByLabelText("Time"), { target: { value: "15:00" } });
    fireEvent.click(screen.getByLabelText("Shopify"));
    expect(scheduleButton()).toBeDisabled();
  });

  it("schedules the post for the chosen local moment on the chosen platforms", async () => {
    const post = samplePost({ id: 7 });
    const requests = fakeApi({
      "POST /api/blog-posts/7/schedule": {
        body: { blogPost: { ...post, status: "scheduled", isScheduled: true } },
      },
    });
    renderDialog({ shopify: true, wordpress: true }, post);
    fireEvent.change(screen.getByLabelText("Time"), { target: { value: "08:15" } });
    fireEvent.click(screen.getByLabelText("WordPress"));
    fireEvent.click(scheduleButton());

    await waitFor(() => expect(requests.some((r) => r.path === "/api/blog-posts/7/schedule")).toBe(true));
    expect(requests.find((r) => r.path === "/api/blog-posts/7/schedule")?.body).toEqual({
      scheduledDate: new Date(2026, 2, 11, 8, 15).toISOString(),
      platforms: ["shopify", "wordpress"],
    });
    expect(await findToast("Post scheduled")).toBeInTheDocument();
  });

  it("tells a free plan it cannot schedule before a time is picked, with the way to upgrade", async () => {
    const requests = fakeApi({ "GET /api/subscription/details": { body: sampleDetails("free", 5) } });
    renderDialog({ shopify: false, wordpress: false });
    expect(
      await screen.findByText("Scheduling is available on the Starter plan and above. Upgrade to schedule posts.", {
        selector: "[role=alert] p",
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View plans" })).toHaveAttribute("href", "/pricing");
    expect(scheduleButton()).toBeDisabled();
    // The account's time zone is still shown, with the way to change it on the Account page.
    expect(screen.getByText(/Times are in your account/)).toHaveTextContent("UTC");
    expect(screen.getByRole("link", { name: "Change it" })).toHaveAttribute("href", "/account");
    expect(requests.some((r) => r.path.endsWith("/schedule"))).toBe(false);
  });

  it("says nothing of upgrading to a plan that schedules", async () => {
    const requests = fakeApi({ "GET /api/subscription/details": { body: sampleDetails("starter", 30) } });
    renderDialog();
    await waitFor(() => expect(requests.some((r) => r.path === "/api/subscription/details")).toBe(true));
    await waitFor(() => expect(scheduleButton()).toBeEnabled());
    expect(screen.queryByRole("link", { name: "View plans" })).toBeNull();
  });

  it("shows the upgrade message a free plan gets", async () => {
    fakeApi({
      "POST /api/blog-posts/1/schedule": {
        status: 403,
        body: { message: "Scheduling is part of the Starter and Professional plans. Upgrade to schedule posts." },
      },
    });
    renderDialog();
    await userEvent.click(scheduleButton());
    const refusal = await screen.findByText(
      "Scheduling is part of the Starter and Professional plans. Upgrade to schedule posts.",
      { selector: "[role=alert] p" },
    );
    expect(refusal).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View plans" })).toHaveAttribute("href", "/pricing");
    expect(await findToast("Scheduling failed")).toBeInTheDocument();
  });

  it("takes the date and time in the account's time zone, not the browser's, across a daylight-saving change", async () => {
    const post = samplePost({ id: 7 });
    const requests = fakeApi({
      "GET /api/auth/user": { body: { id: 1, email: "owner@example.com", timeZone: "America/Los_Angeles" } },
      "POST /api/blog-posts/7/schedule": {
        body: { blogPost: { ...post, status: "scheduled", isScheduled: true } },
      },
    });
    renderDialog({ shopify: true, wordpress: false }, post);
    await screen.findByText(/^Times are in your account.s time zone, America\/Los_Angeles \(UTC-7\)\./);
    // Today (10 March) Los Angeles is on summer time; on 1 November 2026 it is back on UTC-8 from 02:00.
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2026-11-01" } });
    fireEvent.change(screen.getByLabelText("Time"), { target: { value: "09:00" } });
    expect(
      screen.getByText(/^Times are in your account.s time zone, America\/Los_Angeles \(UTC-8\)\./),
    ).toBeInTheDocument();
    fireEvent.click(scheduleButton());
    await waitFor(() => expect(requests.some((r) => r.path === "/api/blog-posts/7/schedule")).toBe(true));
    expect(requests.find((r) => r.path === "/api/blog-posts/7/schedule")?.body).toEqual({
      scheduledDate: "2026-11-01T17:00:00.000Z",
      platforms: ["shopify"],
    });
  });

  it("reopens a scheduled post at its time in the account's zone", async () => {
    fakeApi({ "GET /api/auth/user": { body: { id: 1, email: "owner@example.com", timeZone: "Asia/Tokyo" } } });
    const post = samplePost({
      status: "scheduled",
      isScheduled: true,
      scheduledPublishDate: "2026-03-20T16:45:00.000Z",
      scheduledPlatforms: ["shopify"],
    });
    renderDialog({ shopify: true, wordpress: false }, post);
    await screen.findByText(/^Times are in your account.s time zone, Asia\/Tokyo \(UTC\+9\)\./);
    expect(screen.getByLabelText("Date")).toHaveValue("2026-03-21");
    expect(screen.getByLabelText("Time")).toHaveValue("01:45");
  });

  it("reschedules a scheduled post from its current moment and platforms", () => {
    fakeApi({});
    const post = samplePost({
      status: "scheduled",
      isScheduled: true,
      scheduledPublishDate: new Date(2026, 2, 20, 16, 45).toISOString(),
      scheduledPlatforms: ["wordpress"],
    });
    renderDialog({ shopify: true, wordpress: true }, post);
    expect(screen.getByRole("heading", { name: "Reschedule Blog Post" })).toBeInTheDocument();
    expect(screen.getByLabelText("Date")).toHaveValue("2026-03-20");
    expect(screen.getByLabelText("Time")).toHaveValue("16:45");
    expect(screen.getByLabelText("WordPress")).toBeChecked();
    expect(screen.getByLabelText("Shopify")).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Reschedule" })).toBeEnabled();
  });
});
