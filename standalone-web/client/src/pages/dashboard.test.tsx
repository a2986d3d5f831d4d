import "../test/setup";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { sampleDetails } from "../features/dashboard/dashboard-test-data";
import { fakeApi, renderPage } from "../test/render";
import { DashboardPage } from "./dashboard";

describe("DashboardPage", () => {
  it("shows in the header which publishing platforms are connected", async () => {
    fakeApi({
      "GET /api/auth/user": { body: { id: 1, email: "ada@example.com", isAdmin: false } },
      "GET /api/blog-posts": { body: [] },
      "GET /api/blog-posts/scheduled": { body: [] },
      "GET /api/shopify/connection": {
        body: {
          id: 1,
          storeName: "Trailhead",
          storeUrl: "trailhead.myshopify.com",
          blogId: "1",
          isActive: true,
          createdAt: "",
        },
      },
      "GET /api/wordpress/connection": { body: null },
      "GET /api/subscription/details": { body: sampleDetails("free", 5) },
    });
    renderPage(<DashboardPage />);
    expect(await screen.findByRole("heading", { level: 1, name: "Create New Blog Post" })).toBeInTheDocument();
    const [indicators] = screen.getAllByRole("group", { name: "Publishing connections" });
    expect(await within(indicators!).findByText(": connected")).toBeInTheDocument();
    expect(indicators).toHaveTextContent("Shopify: connected");
    expect(indicators).toHaveTextContent("WordPress: not connected");
    expect(screen.getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/pricing");
    expect(screen.getByRole("link", { name: "Subscription" })).toHaveAttribute("href", "/subscription");
    expect(screen.getByRole("button", { name: "Logout" })).toBeInTheDocument();
  });
});
