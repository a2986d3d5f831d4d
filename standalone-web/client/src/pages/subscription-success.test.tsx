import "../test/setup";
import type { SubscriptionDetails } from "@postwright/core/contracts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode } from "react";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage } from "../test/render";
import { SubscriptionSuccessPage } from "./subscription-success";

const activated: SubscriptionDetails = {
  subscriptionPlan: "professional",
  subscriptionStatus: "active",
  subscriptionEndDate: "2026-12-20T12:00:00.000Z",
  tierInfo: { plan: "professional", blogPostLimit: 100, usageRemaining: 100, features: [], canSchedule: true },
  usage: { blogPostsGenerated: 0, blogPostsPublished: 0 },
  billingEnabled: true,
};

const open = (at: string) =>
  renderPage(
    <StrictMode>
      <SubscriptionSuccessPage />
    </StrictMode>,
    { path: "/subscription/success", at },
  );

const activations = (requests: ReturnType<typeof fakeApi>) =>
  requests.filter((r) => r.method === "POST" && r.path === "/api/subscription/success");

describe("SubscriptionSuccessPage", () => {
  it("activates the checkout once and leads to the dashboard", async () => {
    const requests = fakeApi({ "POST /api/subscription/success": { body: activated } });
    open("/subscription/success?session_id=cs_test_123");
    expect(await screen.findByRole("heading", { name: "Subscription Activated!" })).toBeInTheDocument();
    expect(screen.getByText(/Welcome to the Professional plan/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/");
    expect(activations(requests)).toHaveLength(1);
    expect(activations(requests)[0]?.body).toEqual({ sessionId: "cs_test_123" });
  });

  it("says No session ID found without asking the server", async () => {
    const requests = fakeApi({});
    open("/subscription/success");
    expect(await screen.findByRole("heading", { name: "Activation Failed" })).toBeInTheDocument();
    expect(screen.getByText("No session ID found")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Pricing" })).toHaveAttribute("href", "/pricing");
    expect(activations(requests)).toHaveLength(0);
  });

  it("shows the server's reason when activation is refused", async () => {
    fakeApi({
      "POST /api/subscription/success": {
        status: 404,
        body: { message: "We could not find that checkout. Please start again from the pricing page." },
      },
    });
    open("/subscription/success?session_id=cs_someone_else");
    expect(await screen.findByRole("heading", { name: "Activation Failed" })).toBeInTheDocument();
    expect(
      screen.getByText("We could not find that checkout. Please start again from the pricing page."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Pricing" })).toHaveAttribute("href", "/pricing");
  });

  it("falls back to Failed to activate subscription, and can try again", async () => {
    let attempts = 0;
    const requests = fakeApi({
      "POST /api/subscription/success": () => (++attempts === 1 ? { status: 502 } : { body: activated }),
    });
    open("/subscription/success?session_id=cs_test_456");
    expect(await screen.findByText("Failed to activate subscription")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("heading", { name: "Subscription Activated!" })).toBeInTheDocument();
    await waitFor(() => expect(activations(requests)).toHaveLength(2));
  });
});
