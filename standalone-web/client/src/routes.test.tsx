import "./test/setup";
import type { CurrentUser } from "@postwright/core/contracts";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { App } from "./app";
import { fakeApi } from "./test/render";

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

function openAt(path: string) {
  window.history.replaceState(null, "", path);
  return render(<App />);
}

describe("routes", () => {
  it("shows visitors the landing page at /", async () => {
    fakeApi({ "GET /api/subscription/plans": { body: [] } });
    openAt("/");
    expect(
      await screen.findByRole("heading", { level: 1, name: /Blog posts that bring shoppers/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/register");
  });

  it("shows members the dashboard at /, never the landing page", async () => {
    fakeApi({ "GET /api/auth/user": { body: member } });
    openAt("/");
    expect(await screen.findByRole("heading", { name: "Create New Blog Post" }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: /Blog posts that bring shoppers/ })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Subscription" })).toHaveAttribute("href", "/subscription");
  });

  it("links every signed-in page to the dashboard, the posts and the account", async () => {
    fakeApi({ "GET /api/auth/user": { body: member }, "GET /api/blog-posts": { body: [] } });
    openAt("/posts");
    expect(await screen.findByRole("heading", { level: 1, name: "Posts" }, { timeout: 5000 })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Account" });
    expect(within(nav).getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/");
    expect(within(nav).getByRole("link", { name: "Posts" })).toHaveAttribute("aria-current", "page");
    await userEvent.click(within(nav).getByRole("link", { name: "Account" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Account" }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Password" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Plan & billing/ })).toHaveAttribute("href", "/subscription");
  });

  it("sends a visitor who opens a member's page to the login page, saying why", async () => {
    fakeApi({});
    openAt("/posts/12");
    await waitFor(() => expect(window.location.pathname).toBe("/login"));
    expect(await screen.findByText("Please log in to see this page.")).toBeInTheDocument();
  });

  it("answers unknown paths with Page Not Found and a way home", async () => {
    fakeApi({});
    openAt("/blog-generator");
    expect(await screen.findByRole("heading", { name: "Page Not Found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go back home" })).toHaveAttribute("href", "/");
  });

  it("logs a member out and shows the visitor pages", async () => {
    const requests = fakeApi({
      "GET /api/auth/user": { body: member },
      "POST /api/auth/logout": { body: { ok: true } },
    });
    openAt("/");
    await userEvent.click(await screen.findByRole("button", { name: "Logout" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: /Blog posts that bring shoppers/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Logout" })).not.toBeInTheDocument();
    expect(requests.some((r) => r.method === "POST" && r.path === "/api/auth/logout")).toBe(true);
    await waitFor(() => expect(window.location.pathname).toBe("/"));
  });
});
