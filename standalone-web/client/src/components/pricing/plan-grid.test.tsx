import "../../test/setup";
import type { PlanView } from "@postwright/core/contracts";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { samplePlans, samplePlansWithoutPayments } from "../../test/plans";
import { fakeApi, renderPage } from "../../test/render";
import { PlanGrid } from "./plan-grid";

const startTrial = (plan: PlanView) => <a href="/register">{plan.price === 0 ? "Get Started" : "Start Free Trial"}</a>;

describe("PlanGrid", () => {
  it("offers paid plans for sale when the API says checkout is available", async () => {
    fakeApi({ "GET /api/subscription/plans": { body: samplePlans } });
    renderPage(<PlanGrid interval="month" renderAction={startTrial} />);
    const starter = await screen.findByRole("article", { name: "Starter" });
    expect(within(starter).getByRole("link", { name: "Start Free Trial" })).toHaveAttribute("href", "/register");
  });

  it("sends visitors to the contact page for paid plans when the site takes no online payments", async () => {
    fakeApi({ "GET /api/subscription/plans": { body: samplePlansWithoutPayments } });
    renderPage(<PlanGrid interval="month" renderAction={startTrial} />);
    for (const name of ["Starter", "Professional"]) {
      const card = await screen.findByRole("article", { name });
      expect(within(card).queryByRole("link", { name: "Start Free Trial" })).not.toBeInTheDocument();
      expect(within(card).getByRole("link", { name: "Contact Sales" })).toHaveAttribute("href", "/contact");
    }
    const free = screen.getByRole("article", { name: "Free" });
    expect(within(free).getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/register");
  });
});
