import "../../test/setup";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage } from "../../test/render";
import { sampleDetails } from "./dashboard-test-data";
import { UpgradeCard, upgradeState } from "./upgrade-card";

describe("upgrade card", () => {
  it("warns at 2 or fewer posts left, requires an upgrade at 0, and stays away on professional and unlimited plans", () => {
    expect(upgradeState(sampleDetails("free", 3))).toBe("offer");
    expect(upgradeState(sampleDetails("free", 2))).toBe("running-low");
    expect(upgradeState(sampleDetails("starter", 1))).toBe("running-low");
    expect(upgradeState(sampleDetails("free", 0))).toBe("upgrade-required");
    expect(upgradeState(sampleDetails("professional", 0))).toBe("hidden");
    expect(upgradeState(sampleDetails("enterprise", -1))).toBe("hidden");
    expect(upgradeState(sampleDetails("starter", -1, -1))).toBe("hidden");
    expect(upgradeState(undefined)).toBe("hidden");
  });

  it("shows Upgrade Required with the allowance used up", () => {
    fakeApi({});
    renderPage(<UpgradeCard details={sampleDetails("free", 0)} />);
    expect(screen.getByRole("heading", { name: "Upgrade Required" })).toBeInTheDocument();
    expect(screen.getByText("5 of 5 used this month")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Upgrade Plan" })).toHaveAttribute("href", "/pricing");
  });

  it("warns when posts run low", () => {
    fakeApi({});
    renderPage(<UpgradeCard details={sampleDetails("starter", 2)} />);
    expect(screen.getByRole("heading", { name: "Running low on blog posts" })).toBeInTheDocument();
    expect(screen.getByText("Only 2 blog posts left this month on your Starter plan.")).toBeInTheDocument();
  });

  it("renders nothing for professional plans", () => {
    fakeApi({});
    const { container } = renderPage(<UpgradeCard details={sampleDetails("professional", 1)} />);
    expect(screen.queryByRole("heading")).not.toBeInTheDocument();
    expect(container.querySelector("[aria-labelledby='upgrade-card-title']")).toBeNull();
  });
});
