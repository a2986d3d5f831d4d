import "../test/setup";
import type { CurrentUser } from "@postwright/core/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { samplePlans } from "../test/plans";
import { fakeApi, renderPage } from "../test/render";
import { PricingPage } from "./pricing";

const member: CurrentUser = {
  id: 1,
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  profileImageUrl: null,
  isEmailVerified: true,
  subscriptionPlan: "free",
  subscriptionStatus: "free",
  subscriptionEndDate: null,
  isAdmin: false,
  timeZone: "UTC",
  createdAt: "2026-01-01T00:00:00.000Z",
};

function card(name: string) {
  return screen.getByRole("article", { name });
}

describe("PricingPage", () => {
  it("lists monthly plans in order, and on Yearly shows the monthly equivalent, the total and the saving", async () => {
    fakeApi({ "GET /api/subscription/plans": { body: samplePlans } });
    renderPage(<PricingPage />, { path: "/pricing" });

    await screen.findByRole("article", { name: "Starter" });
    expect(screen.getAllByRole("article").map((a) => a.getAttribute("aria-labelledby"))).toEqual([
      "plan-free-month",
      "plan-starter-month",
      "plan-professional-month",
      "plan-enterprise-month",
    ]);
    expect(within(card("Starter")).getByText("$29")).toBeInTheDocument();
    expect(within(card("Enterprise")).getByRole("link", { name: "Contact Sales" })).toHaveAttribute("href", "/contact");

    const yearly = screen.getByRole("tab", { name: /Yearly/ });
    expect(yearly).toHaveTextContent("-20%");
    await userEvent.click(yearly);

    const starter = await screen.findByRole("article", { name: "Starter" });
    expect(within(starter).getByText("$23")).toBeInTheDocument();
    expect(within(starter).getByText("$278 billed yearly")).toBeInTheDocument();
    expect(within(starter).getByText("Save $70")).toBeInTheDocument();
    expect(within(card("Professional")).getByText("Save $142")).toBeInTheDocument();
    expect(within(card("Free")).getByText("$0")).toBeInTheDocument();
  });

  it("sends visitors to register", async () => {
    fakeApi({ "GET /api/subscription/plans": { body: samplePlans } });
    renderPage(<PricingPage />, { path: "/pricing" });
    const starter = await screen.findByRole("article", { name: "Starter" });
    expect(within(starter).getByRole("link", { name: "Start Free Trial" })).toHaveAttribute("href", "/register");
  });

  it("takes a member to the payment page returned by checkout", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const requests = fakeApi({
      "GET /api/auth/user": { body: member },
      "GET /api/subscription/plans": { body: samplePlans },
      "POST /api/subscription/checkout": { body: { url: "https://checkout.example/session/1" } },
    });
    renderPage(<PricingPage />, { path: "/pricing" });
    // Once the member is known the page shows their plan and offers checkout for the others.
    expect(await screen.findByRole("button", { name: "Current Plan" })).toBeDisabled();
    expect(within(card("Free")).getByRole("button", { name: "Current Plan" })).toBeInTheDocument();

    await userEvent.click(within(card("Starter")).getByRole("button", { name: "Choose Starter" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://checkout.example/session/1"));
    expect(requests.find((r) => r.path === "/api/subscription/checkout")?.body).toEqual({ planId: 2 });
  });

  it("sends a member whose session ended to log in", async () => {
    fakeApi({
      "GET /api/auth/user": { body: member },
      "GET /api/subscription/plans": { body: samplePlans },
      "POST /api/subscription/checkout": { status: 401, body: { message: "Please log in." } },
    });
    renderPage(<PricingPage />, { path: "/pricing" });
    await userEvent.click(await screen.findByRole("button", { name: "Choose Professional" }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
    expect(screen.getAllByText("Unauthorized").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Please log in to subscribe to a plan.").length).toBeGreaterThan(0);
  });

  it("says so, and offers a retry, when the plans cannot be loaded", async () => {
    let attempts = 0;
    fakeApi({
      "GET /api/subscription/plans": () =>
        ++attempts === 1 ? { status: 500, body: { message: "down" } } : { body: samplePlans },
    });
    renderPage(<PricingPage />, { path: "/pricing" });
    expect(await screen.findByText("We couldn't load our plans right now.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article", { name: "Starter" })).toBeInTheDocument();
  });
});
