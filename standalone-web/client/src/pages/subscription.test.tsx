import "../test/setup";
import type { SubscriptionDetails } from "@postwright/core/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, renderPage } from "../test/render";
import { SubscriptionPage } from "./subscription";

type Overrides = Partial<Omit<SubscriptionDetails, "tierInfo" | "usage">> & {
  tierInfo?: Partial<SubscriptionDetails["tierInfo"]>;
  usage?: Partial<SubscriptionDetails["usage"]>;
};

function details(overrides: Overrides = {}): SubscriptionDetails {
  const { tierInfo, usage, ...rest } = overrides;
  return {
    subscriptionPlan: "free",
    subscriptionStatus: "free",
    subscriptionEndDate: null,
    billingEnabled: true,
    ...rest,
    tierInfo: {
      plan: rest.subscriptionPlan ?? "free",
      blogPostLimit: 5,
      usageRemaining: 5,
      features: ["5 blog posts per month", "SEO-optimised content"],
      canSchedule: (rest.subscriptionPlan ?? "free") !== "free",
      ...tierInfo,
    },
    usage: { blogPostsGenerated: 0, blogPostsPublished: 0, ...usage },
  };
}

const starterActive = details({
  subscriptionPlan: "starter",
  subscriptionStatus: "active",
  subscriptionEndDate: "2026-12-15T12:00:00.000Z",
  tierInfo: { plan: "starter", blogPostLimit: 40, usageRemaining: 28, features: ["40 blog posts per month"] },
  usage: { blogPostsGenerated: 12 },
});

const starterCancelled = details({
  ...starterActive,
  subscriptionStatus: "cancelled",
  tierInfo: starterActive.tierInfo,
  usage: starterActive.usage,
});

function openPage(body: SubscriptionDetails, routes: Parameters<typeof fakeApi>[0] = {}) {
  const requests = fakeApi({ "GET /api/subscription/details": { body }, ...routes });
  renderPage(<SubscriptionPage />, { path: "/subscription" });
  return requests;
}

const button = (name: string) => screen.queryByRole("button", { name });

describe("SubscriptionPage", () => {
  it("shows the free plan with its usage and features, and no billing actions", async () => {
    openPage(details({ tierInfo: { usageRemaining: 4 }, usage: { blogPostsGenerated: 1 } }));
    expect(await screen.findByRole("heading", { level: 1, name: "Account & Billing" })).toBeInTheDocument();
    expect(await screen.findByText("1 of 5 blog posts used")).toBeInTheDocument();
    expect(screen.getByText("4 remaining")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Blog posts used this month" })).toHaveAttribute(
      "aria-valuenow",
      "20",
    );
    expect(within(screen.getByRole("list", { name: "Free plan features" })).getAllByRole("listitem")).toHaveLength(2);
    for (const name of ["Manage Billing", "Cancel Subscription", "Reactivate Subscription"])
      expect(button(name)).toBeNull();
    expect(screen.queryByText("Running Low")).toBeNull();
    expect(screen.queryByText("Upgrade Required")).toBeNull();
    expect(screen.getByRole("link", { name: "View All Plans" })).toHaveAttribute("href", "/pricing");
    expect(screen.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", "/contact");
  });

  it.each([
    [3, "Running Low", "You have 3 blog posts left this month."],
    [1, "Running Low", "You have 1 blog post left this month."],
    [0, "Upgrade Required", "You have used all 5 blog posts included in your plan this month."],
  ])("warns with %i posts left: %s", async (left, title, sentence) => {
    openPage(details({ tierInfo: { usageRemaining: left }, usage: { blogPostsGenerated: 5 - left } }));
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(sentence, { exact: false })).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Upgrade Plan" })[0]).toHaveAttribute("href", "/pricing");
  });

  it("does not warn with 4 posts left", async () => {
    openPage(details({ tierInfo: { usageRemaining: 4 }, usage: { blogPostsGenerated: 1 } }));
    await screen.findByText("4 remaining");
    expect(screen.queryByText("Running Low")).toBeNull();
  });

  it("caps the bar at 100% when more posts were used than the plan now allows", async () => {
    openPage(details({ tierInfo: { usageRemaining: 0 }, usage: { blogPostsGenerated: 9 } }));
    const bar = await screen.findByRole("progressbar", { name: "Blog posts used this month" });
    expect(bar).toHaveAttribute("aria-valuenow", "100");
    expect(screen.getByText("Upgrade Required")).toBeInTheDocument();
  });

  it("shows an unlimited plan as unlimited, never as -1", async () => {
    openPage(
      details({
        subscriptionPlan: "enterprise",
        subscriptionStatus: "active",
        tierInfo: {
          plan: "enterprise",
          blogPostLimit: -1,
          usageRemaining: -1,
          features: ["Unlimited blog generation"],
        },
        usage: { blogPostsGenerated: 250 },
      }),
    );
    expect(await screen.findByText("Unlimited")).toBeInTheDocument();
    expect(screen.getByText("250 blog posts generated")).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.queryByText(/-1/)).toBeNull();
    expect(screen.queryByText("Running Low")).toBeNull();
    expect(screen.queryByText("Upgrade Required")).toBeNull();
  });

  it("dates the renewal in the account's time zone, not the browser's", async () => {
    // Noon UTC on 15 December is already the 16th in Auckland, the account's zone.
    openPage(starterActive, {
      "GET /api/auth/user": { body: { id: 1, email: "owner@example.com", timeZone: "Pacific/Auckland" } },
    });
    expect(await screen.findByText("Your plan renews on December 16, 2026.")).toBeInTheDocument();
    await userEvent.click(button("Cancel Subscription")!);
    const dialog = await screen.findByRole("dialog", { name: "Cancel your subscription?" });
    expect(dialog).toHaveTextContent("It stays active until December 16, 2026");
  });

  it("offers Manage Billing and Cancel on an active paid plan, and cancels after confirmation", async () => {
    const requests = openPage(starterActive, {
      "POST /api/subscription/cancel": { body: starterCancelled },
    });
    expect(await screen.findByText("Starter")).toBeInTheDocument();
    expect(screen.getByText("Active")).toBeInTheDocument();
    expect(screen.getByText("Your plan renews on December 15, 2026.")).toBeInTheDocument();
    expect(button("Manage Billing")).toBeInTheDocument();
    expect(button("Reactivate Subscription")).toBeNull();

    await userEvent.click(button("Cancel Subscription")!);
    const dialog = await screen.findByRole("dialog", { name: "Cancel your subscription?" });
    expect(dialog).toHaveTextContent("It stays active until December 15, 2026");
    // Keeping the subscription sends nothing.
    await userEvent.click(within(dialog).getByRole("button", { name: "Keep Subscription" }));
    expect(requests.some((r) => r.path === "/api/subscription/cancel")).toBe(false);

    await userEvent.click(button("Cancel Subscription")!);
    await userEvent.click(await screen.findByRole("button", { name: "Confirm Cancellation" }));
    await waitFor(() => expect(requests.filter((r) => r.path === "/api/subscription/cancel")).toHaveLength(1));
    expect(await screen.findByRole("button", { name: "Reactivate Subscription" })).toBeInTheDocument();
    expect(screen.getAllByText("Your Starter plan stays active until December 15, 2026.").length).toBeGreaterThan(0);
    expect(button("Cancel Subscription")).toBeNull();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says Cancellation Failed with the server's reason", async () => {
    openPage(starterActive, {
      "POST /api/subscription/cancel": {
        status: 502,
        body: { message: "The payment service could not complete the request." },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Cancel Subscription" }));
    await userEvent.click(await screen.findByRole("button", { name: "Confirm Cancellation" }));
    expect(await screen.findByText("Cancellation Failed")).toBeInTheDocument();
    expect(screen.getAllByText("The payment service could not complete the request.").length).toBeGreaterThan(0);
    expect(button("Cancel Subscription")).toBeInTheDocument();
  });

  it("offers Reactivate only on a cancelled plan, and shows Reactivation Failed when refused", async () => {
    const requests = openPage(starterCancelled, {
      "POST /api/subscription/reactivate": { status: 400, body: { message: "Your subscription has already ended." } },
    });
    expect(await screen.findByText("Cancelled")).toBeInTheDocument();
    expect(button("Cancel Subscription")).toBeNull();
    expect(button("Manage Billing")).toBeInTheDocument();
    await userEvent.click(button("Reactivate Subscription")!);
    expect(await screen.findByText("Reactivation Failed")).toBeInTheDocument();
    expect(screen.getAllByText("Your subscription has already ended.").length).toBeGreaterThan(0);
    expect(requests.filter((r) => r.path === "/api/subscription/reactivate")).toHaveLength(1);
  });

  it("reactivates a cancelled plan", async () => {
    openPage(starterCancelled, { "POST /api/subscription/reactivate": { body: starterActive } });
    await userEvent.click(await screen.findByRole("button", { name: "Reactivate Subscription" }));
    expect(await screen.findByText("Subscription reactivated")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Cancel Subscription" })).toBeInTheDocument();
    expect(button("Reactivate Subscription")).toBeNull();
  });

  it("shows a cancelled plan that has run out as Free, without Reactivate", async () => {
    openPage(
      details({
        subscriptionPlan: "starter",
        subscriptionStatus: "cancelled",
        subscriptionEndDate: "2026-10-01T12:00:00.000Z",
        tierInfo: { plan: "free" },
      }),
    );
    expect(
      await screen.findByText("Your Starter subscription ended on October 1, 2026. You are on the Free plan now."),
    ).toBeInTheDocument();
    expect(button("Reactivate Subscription")).toBeNull();
    expect(button("Cancel Subscription")).toBeNull();
    expect(button("Manage Billing")).toBeInTheDocument();
  });

  it("opens the billing portal, or says Portal Access Failed", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    let fail = false;
    openPage(details({ ...starterActive, subscriptionStatus: "past_due", tierInfo: starterActive.tierInfo }), {
      "POST /api/subscription/billing-portal": () =>
        fail
          ? { status: 503, body: { message: "Online payments are not configured on this site." } }
          : { body: { url: "https://billing.example/p/1" } },
    });
    expect(await screen.findByText("Past due")).toBeInTheDocument();
    expect(button("Cancel Subscription")).toBeNull();
    await userEvent.click(button("Manage Billing")!);
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://billing.example/p/1"));

    fail = true;
    await userEvent.click(button("Manage Billing")!);
    expect(await screen.findByText("Portal Access Failed")).toBeInTheDocument();
    expect(screen.getAllByText("Online payments are not configured on this site.").length).toBeGreaterThan(0);
  });

  it("says Unable to Load Subscription when the details cannot be read, and retries", async () => {
    let attempts = 0;
    fakeApi({
      "GET /api/subscription/details": () =>
        ++attempts === 1 ? { status: 500, body: { message: "Database unavailable." } } : { body: starterActive },
    });
    renderPage(<SubscriptionPage />, { path: "/subscription" });
    expect(await screen.findByText("Unable to Load Subscription")).toBeInTheDocument();
    expect(screen.getByText("Database unavailable.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Starter")).toBeInTheDocument();
  });

  it("sends a member whose session ended to the login page with an Unauthorized toast", async () => {
    fakeApi({ "GET /api/subscription/details": { status: 401, body: { message: "Unauthorized" } } });
    renderPage(<SubscriptionPage />, { path: "/subscription" });
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
    expect(screen.getAllByText("Unauthorized").length).toBeGreaterThan(0);
    expect(screen.queryByText("Unable to Load Subscription")).toBeNull();
  });
});
