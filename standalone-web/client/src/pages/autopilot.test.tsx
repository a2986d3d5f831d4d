import "../test/setup";
import type { ContentPlanDetailView, CurrentUser } from "@postwright/core/contracts";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { App } from "../app";
import {
  planRow,
  sampleItem,
  samplePlan,
  shopifyConnection,
  wordpressConnection,
} from "../features/autopilot/autopilot-test-data";
import { findToast } from "../features/dashboard/dashboard-test-data";
import { fakeApi, renderPage, type FakeRequest } from "../test/render";
import { AutopilotPage } from "./autopilot";
import { AutopilotPlanPage } from "./autopilot-plan";

const connections = {
  "GET /api/shopify/connection": { body: shopifyConnection },
  "GET /api/wordpress/connection": { status: 404, body: { message: "No WordPress connection" } },
};

/** The list at /autopilot, and a plan's page at /autopilot/:id where creating a plan leads. */
function openList() {
  return renderPage(
    <Routes>
      <Route index element={<AutopilotPage />} />
      <Route path=":id" element={<AutopilotPlanPage />} />
    </Routes>,
    { path: "/autopilot/*", at: "/autopilot" },
  );
}

const requestsTo = (requests: FakeRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path);

/** A signed-in member, as GET /api/auth/user answers. */
const member: CurrentUser = {
  id: 1,
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  profileImageUrl: null,
  isEmailVerified: true,
  subscriptionPlan: "starter",
  subscriptionStatus: "active",
  subscriptionEndDate: null,
  isAdmin: false,
  timeZone: "UTC",
  createdAt: "2026-01-01T00:00:00.000Z",
};

describe("Autopilot page", () => {
  it("explains the autopilot and offers to create a first plan", async () => {
    fakeApi({ "GET /api/content-plans": { body: { plans: [] } }, ...connections });
    openList();
    expect(await screen.findByRole("heading", { level: 2, name: "No plans yet" })).toBeInTheDocument();
    expect(screen.getByText(/every draft waits for your approval/)).toBeInTheDocument();
    expect(
      screen.getByText(/its slot is skipped: nothing is ever published without you seeing it first/),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create a plan" })).toBeEnabled();
  });

  it("sends a member without a connection to the dashboard to connect a site", async () => {
    fakeApi({
      "GET /api/content-plans": { body: { plans: [] } },
      "GET /api/shopify/connection": { status: 404 },
      "GET /api/wordpress/connection": { status: 404 },
    });
    openList();
    expect(await screen.findByRole("heading", { name: "Connect a site first" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the dashboard" })).toHaveAttribute("href", "/");
    expect(screen.queryByRole("button", { name: "Create a plan" })).not.toBeInTheDocument();
  });

  it("creates a plan in review mode with the chosen days, time and the browser's time zone, then shows it", async () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    let created: ContentPlanDetailView | null = null;
    const requests = fakeApi({
      "GET /api/content-plans": () => ({ body: { plans: created ? [planRow(created)] : [] } }),
      "GET /api/shopify/connection": { body: shopifyConnection },
      "GET /api/wordpress/connection": { body: wordpressConnection },
      "POST /api/content-plans": ({ body }) => {
        const input = body as { name: string; cadence: ContentPlanDetailView["cadence"] };
        created = samplePlan({ id: 31, name: input.name, cadence: input.cadence });
        return { status: 201, body: created };
      },
      "GET /api/content-plans/31": () => ({ body: created }),
    });
    openList();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole("button", { name: "Create a plan" }));

    const dialog = await screen.findByRole("dialog", { name: "Create a plan" });
    // Where: the member's two connections, Shopify first; when: Mon, Wed, Fri at 09:00 in the browser's zone.
    expect(within(dialog).getByLabelText("Shopify: Trailhead Outfitters")).toBeChecked();
    expect(within(dialog).getByLabelText("WordPress: Trailhead Journal")).not.toBeChecked();
    expect(within(dialog).getByLabelText("Time zone")).toHaveValue(zone);
    expect(within(dialog).getByLabelText("Drafts for review (recommended)")).toBeChecked();
    expect(within(dialog).queryByText(/without anyone reading them first/)).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("Plan name"), "Spring trail guides");
    await user.click(within(dialog).getByLabelText("WordPress: Trailhead Journal"));
    // Days by keyboard: Tab reaches the checkboxes, Space ticks or unticks the focused day.
    within(dialog).getByRole("checkbox", { name: "Monday" }).focus();
    await user.keyboard(" ");
    await user.click(within(dialog).getByRole("checkbox", { name: "Tuesday" }));
    await user.clear(within(dialog).getByLabelText("Time"));
    await user.type(within(dialog).getByLabelText("Time"), "07:30");
    await user.click(within(dialog).getByRole("button", { name: "Create plan" }));

    await waitFor(() => expect(requestsTo(requests, "POST", "/api/content-plans")).toHaveLength(1));
    expect(requestsTo(requests, "POST", "/api/content-plans")[0]?.body).toEqual({
      name: "Spring trail guides",
      platform: "wordpress",
      connectionId: wordpressConnection.id,
      blogId: null,
      cadence: { weekdays: [2, 3, 5], time: "07:30", timeZone: zone },
      postsAhead: 3,
      mode: "review",
    });
    expect(await findToast("Plan created")).toBeInTheDocument();
    // The new plan's page, where its titles are added.
    expect(await screen.findByRole("heading", { level: 1, name: "Spring trail guides" })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/autopilot/31");
    expect(screen.getByText(`Tue, Wed, Fri at 07:30 (${zone})`, { exact: false })).toBeInTheDocument();
  });

  it("starts a new plan in the account's time zone when the owner chose one", async () => {
    fakeApi({
      "GET /api/auth/user": { body: { ...member, timeZone: "Asia/Tokyo" } },
      "GET /api/content-plans": { body: { plans: [] } },
      ...connections,
    });
    openList();
    await userEvent.click(await screen.findByRole("button", { name: "Create a plan" }));
    const dialog = await screen.findByRole("dialog", { name: "Create a plan" });
    expect(within(dialog).getByLabelText("Time zone")).toHaveValue("Asia/Tokyo");
  });

  it("says what is missing before sending, and shows the server's refusal in its own words", async () => {
    const requests = fakeApi({
      "GET /api/content-plans": { body: { plans: [] } },
      ...connections,
      "POST /api/content-plans": {
        status: 400,
        body: { message: "Choose a time zone from the list, such as Europe/Paris." },
      },
    });
    openList();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole("button", { name: "Create a plan" }));
    const dialog = await screen.findByRole("dialog", { name: "Create a plan" });

    for (const day of ["Monday", "Wednesday", "Friday"]) {
      await user.click(within(dialog).getByRole("checkbox", { name: day }));
    }
    await user.click(within(dialog).getByRole("button", { name: "Create plan" }));
    expect(await within(dialog).findByText("Give the plan a name.")).toBeInTheDocument();
    expect(within(dialog).getByText("Choose at least one weekday to publish on.")).toBeInTheDocument();
    expect(requestsTo(requests, "POST", "/api/content-plans")).toHaveLength(0);

    await user.type(within(dialog).getByLabelText("Plan name"), "Weekend reads");
    await user.click(within(dialog).getByRole("checkbox", { name: "Saturday" }));
    await user.click(within(dialog).getByLabelText("Publish automatically"));
    expect(within(dialog).getByText(/Posts will go live on your site without anyone reading them first/)).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Create plan" }));

    expect(
      await within(dialog).findByText("Choose a time zone from the list, such as Europe/Paris.", {
        selector: "[role=alert] p",
      }),
    ).toBeInTheDocument();
    expect(requestsTo(requests, "POST", "/api/content-plans")[0]?.body).toMatchObject({
      name: "Weekend reads",
      cadence: { weekdays: [6] },
      mode: "auto",
    });
  });

  it("lists plans with their schedule, mode, next slot and counts", async () => {
    const plan = samplePlan({}, [
      sampleItem({ id: 1, status: "to_review", slotAt: "2026-03-30T07:00:00.000Z" }),
      sampleItem({ id: 2, status: "planned", slotAt: "2026-04-01T07:00:00.000Z" }),
      sampleItem({ id: 3, status: "published", slotAt: "2026-03-27T08:00:00.000Z" }),
    ]);
    fakeApi({
      "GET /api/content-plans": {
        body: { plans: [planRow(plan), planRow(samplePlan({ id: 13, name: "Gear news", mode: "auto" }))] },
      },
      ...connections,
    });
    openList();
    const list = await screen.findByRole("list", { name: "Your plans" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(within(first!).getByRole("link", { name: "Spring trail guides" })).toHaveAttribute("href", "/autopilot/12");
    expect(first).toHaveTextContent("Shopify: Trailhead Outfitters");
    expect(first).toHaveTextContent("Mon, Wed, Fri at 09:00 (Europe/Paris)");
    expect(first).toHaveTextContent("Drafts for review");
    expect(first).toHaveTextContent("Active");
    expect(first).toHaveTextContent("Next postMon 30 Mar 2026, 09:00");
    expect(first).toHaveTextContent("1 to review · 1 upcoming · 1 published · 0 skipped or failed");
    expect(second).toHaveTextContent("Publishes automatically");
    expect(second).toHaveTextContent("No title waiting for a slot");
  });

  it("shows why a plan was paused, links to the subscription, and resumes it", async () => {
    const reason =
      "This month's posts are used up, so this plan is paused. Upgrade for more posts, or resume it after 2026-04-01.";
    let plan = samplePlan({ status: "paused", pausedReason: reason, needsUpgrade: true });
    const requests = fakeApi({
      "GET /api/content-plans": () => ({ body: { plans: [planRow(plan)] } }),
      ...connections,
      "PATCH /api/content-plans/12": () => {
        plan = { ...plan, status: "active", pausedReason: null, needsUpgrade: false };
        return { body: plan };
      },
    });
    openList();
    const notice = await screen.findByRole("region", { name: "Why this plan is paused" });
    expect(notice).toHaveTextContent(reason);
    expect(within(notice).getByRole("link", { name: "See your subscription" })).toHaveAttribute(
      "href",
      "/subscription",
    );

    await userEvent.click(within(notice).getByRole("button", { name: /Resume/ }));
    await waitFor(() => expect(requestsTo(requests, "PATCH", "/api/content-plans/12")).toHaveLength(1));
    expect(requestsTo(requests, "PATCH", "/api/content-plans/12")[0]?.body).toEqual({ status: "active" });
    expect(await findToast("Plan resumed")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Why this plan is paused" })).not.toBeInTheDocument(),
    );
    expect(within(screen.getByRole("list", { name: "Your plans" })).getByRole("listitem")).toHaveTextContent("Active");
  });

  it("offers a retry when the plans cannot be loaded", async () => {
    let fail = true;
    fakeApi({
      "GET /api/content-plans": () =>
        fail ? { status: 500, body: { message: "The database is not answering." } } : { body: { plans: [] } },
      ...connections,
    });
    openList();
    expect(await screen.findByText("The database is not answering.")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "No plans yet" })).toBeInTheDocument();
  });

  it("is a member page, reached from the header's Autopilot link", async () => {
    const plan = samplePlan();
    fakeApi({
      "GET /api/auth/user": { body: member },
      "GET /api/content-plans": { body: { plans: [planRow(plan)] } },
      "GET /api/content-plans/12": { body: plan },
      ...connections,
    });
    window.history.replaceState(null, "", "/autopilot");
    render(<App />);
    expect(await screen.findByRole("heading", { level: 1, name: "Autopilot" }, { timeout: 5000 })).toBeInTheDocument();
    const link = screen.getByRole("link", { name: "Autopilot" });
    expect(link).toHaveAttribute("href", "/autopilot");
    expect(link).toHaveAttribute("aria-current", "page");

    await userEvent.click(await screen.findByRole("link", { name: "Spring trail guides" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Spring trail guides" }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe("/autopilot/12");
    // Still the Autopilot section of the site.
    expect(screen.getByRole("link", { name: "Autopilot" })).toHaveClass("bg-muted");
  });
});
