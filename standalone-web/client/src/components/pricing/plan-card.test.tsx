import "../../test/setup";
import type { PlanView } from "@postwright/core/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { samplePlans, samplePlansWithoutPayments } from "../../test/plans";
import { renderPage } from "../../test/render";
import { PlanCard } from "./plan-card";

function monthly(plans: PlanView[], name: string): PlanView {
  const plan = plans.find((p) => p.name === name && p.interval === "month");
  if (!plan) throw new Error(`no ${name} plan`);
  return plan;
}

const note = "Online payment isn't set up on this site yet. Contact us to subscribe.";

describe("PlanCard", () => {
  it("shows the page's own call to action for a paid plan that can be bought online", async () => {
    const choose = vi.fn();
    renderPage(
      <PlanCard plan={monthly(samplePlans, "starter")} action={<button onClick={choose}>Choose Starter</button>} />,
    );
    const card = screen.getByRole("article", { name: "Starter" });
    expect(within(card).queryByText(note)).not.toBeInTheDocument();
    expect(within(card).queryByRole("link", { name: "Contact Sales" })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole("button", { name: "Choose Starter" }));
    expect(choose).toHaveBeenCalledOnce();
  });

  it("says up front that online payment is off and leads a paid plan to the contact page instead of checkout", async () => {
    renderPage(
      <PlanCard plan={monthly(samplePlansWithoutPayments, "starter")} action={<button>Choose Starter</button>} />,
    );
    const card = screen.getByRole("article", { name: "Starter" });
    expect(within(card).getByText(note)).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Choose Starter" })).not.toBeInTheDocument();
    const contact = within(card).getByRole("link", { name: "Contact Sales" });
    expect(contact).toHaveAttribute("href", "/contact");
    expect(contact).toHaveAccessibleDescription(note);
    await userEvent.click(contact);
    expect(screen.getByTestId("location")).toHaveTextContent("/contact");
  });

  it("keeps the free plan's action, and adds no note to enterprise or to the member's current plan", () => {
    renderPage(
      <>
        <PlanCard plan={monthly(samplePlansWithoutPayments, "free")} action={<button>Switch to Free</button>} />
        <PlanCard
          plan={monthly(samplePlansWithoutPayments, "enterprise")}
          action={<a href="/contact">Talk to sales</a>}
        />
        <PlanCard
          plan={monthly(samplePlansWithoutPayments, "professional")}
          action={<button disabled>Current Plan</button>}
          isCurrent
        />
      </>,
    );
    expect(screen.queryByText(note)).not.toBeInTheDocument();
    expect(
      within(screen.getByRole("article", { name: "Free" })).getByRole("button", { name: "Switch to Free" }),
    ).toBeEnabled();
    expect(
      within(screen.getByRole("article", { name: "Enterprise" })).getByRole("link", { name: "Talk to sales" }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole("article", { name: /Professional/ })).getByRole("button", { name: "Current Plan" }),
    ).toBeDisabled();
  });
});
