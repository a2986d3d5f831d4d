import "../test/setup";
import type { AdminUserRow, CurrentUser } from "@postwright/core/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage, type FakeReply, type FakeRequest } from "../test/render";
import { AdminPage } from "./admin";

const person = (overrides: Partial<CurrentUser>): CurrentUser => ({
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
  ...overrides,
});

const admin = person({ id: 9, email: "owner@postwright.example", firstName: "Olive", isAdmin: true });

const rows: AdminUserRow[] = [
  {
    id: 9,
    email: "owner@postwright.example",
    firstName: "Olive",
    lastName: "Owner",
    planName: "free",
    status: "free",
    blogsUsed: 0,
    maxBlogs: 5,
    createdAt: "2026-01-05T12:00:00.000Z",
    currentPeriodEnd: null,
  },
  {
    id: 12,
    email: "grace@example.com",
    firstName: "Grace",
    lastName: "Hopper",
    planName: "starter",
    status: "cancelled",
    blogsUsed: 17,
    maxBlogs: 40,
    createdAt: "2026-03-02T12:00:00.000Z",
    currentPeriodEnd: "2026-12-01T12:00:00.000Z",
  },
  {
    id: 14,
    email: "big@example.com",
    firstName: null,
    lastName: null,
    planName: "enterprise",
    status: "active",
    blogsUsed: 320,
    maxBlogs: -1,
    createdAt: "2026-04-10T12:00:00.000Z",
    currentPeriodEnd: null,
  },
];

const open = (routes: Record<string, FakeReply | ((request: FakeRequest) => FakeReply)>) => {
  const requests = fakeApi(routes);
  renderPage(<AdminPage />, { path: "/admin" });
  return requests;
};

const toastShown = (text: string) => expect(screen.getAllByText(text).length).toBeGreaterThan(0);

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole("combobox", { name: label }));
  await userEvent.click(await screen.findByRole("option", { name: option }));
}

describe("AdminPage", () => {
  it("shows visitors the admin login form and asks for both fields", async () => {
    const requests = open({});
    expect(await screen.findByRole("heading", { name: "Admin Login" })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Email"), "owner@postwright.example");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await screen.findAllByText("Please enter both email and password");
    expect(requests.some((r) => r.path === "/api/auth/login")).toBe(false);
  });

  it("says Login failed when the server refuses the sign-in", async () => {
    open({ "POST /api/auth/login": { status: 401, body: { message: "Invalid email or password" } } });
    await userEvent.type(await screen.findByLabelText("Email"), "owner@postwright.example");
    await userEvent.type(screen.getByLabelText("Password"), "wrong");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await screen.findAllByText("Login failed");
    toastShown("Invalid email or password");
    expect(screen.getByRole("heading", { name: "Admin Login" })).toBeInTheDocument();
  });

  it("shows the user list once the administrator signs in", async () => {
    let signedIn = false;
    const requests = open({
      "GET /api/auth/user": () => (signedIn ? { body: admin } : { status: 401, body: { message: "Unauthorized" } }),
      "POST /api/auth/login": () => {
        signedIn = true;
        return { body: admin };
      },
      "GET /api/admin/users": { body: rows },
    });
    await userEvent.type(await screen.findByLabelText("Email"), "owner@postwright.example");
    await userEvent.type(screen.getByLabelText("Password"), "Passw0rd!");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByRole("heading", { name: "Admin Dashboard" })).toBeInTheDocument();
    expect(await screen.findByRole("rowheader", { name: "grace@example.com" })).toBeInTheDocument();
    expect(requests.find((r) => r.path === "/api/auth/login")?.body).toEqual({
      email: "owner@postwright.example",
      password: "Passw0rd!",
    });
  });

  it("turns away a member who signs in with the admin form but is not the administrator", async () => {
    const member = person({});
    let signedIn = false;
    const requests = open({
      "GET /api/auth/user": () => (signedIn ? { body: member } : { status: 401, body: { message: "Unauthorized" } }),
      "POST /api/auth/login": () => {
        signedIn = true;
        return { body: member };
      },
    });
    await userEvent.type(await screen.findByLabelText("Email"), member.email);
    await userEvent.type(screen.getByLabelText("Password"), "Passw0rd!");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/));
    toastShown("You don't have permission to access this page.");
    expect(requests.some((r) => r.path === "/api/admin/users")).toBe(false);
  });

  it("turns away a signed-in member who is not the administrator, without asking for the users", async () => {
    const requests = open({ "GET /api/auth/user": { body: person({}) } });
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/));
    toastShown("Access Denied");
    toastShown("You don't have permission to access this page.");
    expect(requests.some((r) => r.path === "/api/admin/users")).toBe(false);
  });

  it("lists every user with plan, status, blogs used of the limit, and dates", async () => {
    open({ "GET /api/auth/user": { body: admin }, "GET /api/admin/users": { body: rows } });
    const grace = (await screen.findByRole("rowheader", { name: "grace@example.com" })).closest("tr")!;
    expect(within(grace).getByText("Grace Hopper")).toBeInTheDocument();
    expect(within(grace).getByText("Starter")).toBeInTheDocument();
    expect(within(grace).getByText("Cancelled")).toBeInTheDocument();
    expect(within(grace).getByText("17 / 40")).toBeInTheDocument();
    expect(within(grace).getByText("March 2, 2026")).toBeInTheDocument();
    expect(within(grace).getByText("December 1, 2026")).toBeInTheDocument();
    const big = screen.getByRole("rowheader", { name: "big@example.com" }).closest("tr")!;
    expect(within(big).getByText("320 / Unlimited")).toBeInTheDocument();
    expect(screen.getByText("3 users, 1 on a paid plan.")).toBeInTheDocument();
  });

  it("asks for user, plan and status before sending a change", async () => {
    const requests = open({ "GET /api/auth/user": { body: admin }, "GET /api/admin/users": { body: rows } });
    await screen.findByRole("rowheader", { name: "grace@example.com" });
    await choose("User", "grace@example.com");
    await choose("Plan", "Professional");
    await userEvent.click(screen.getByRole("button", { name: "Update Subscription" }));
    await screen.findAllByText("Please select user, plan, and status");
    expect(requests.some((r) => r.path === "/api/admin/set-subscription")).toBe(false);
  });

  it("changes a user's plan and status, then shows the refreshed list", async () => {
    let changed = false;
    const requests = open({
      "GET /api/auth/user": { body: admin },
      "GET /api/admin/users": () => ({
        body: changed
          ? rows.map((r) => (r.id === 12 ? { ...r, planName: "professional", status: "active", maxBlogs: 100 } : r))
          : rows,
      }),
      "POST /api/admin/set-subscription": () => {
        changed = true;
        return { body: { message: "grace@example.com is now on the Professional plan (active)." } };
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Edit grace@example.com" }));
    expect(screen.getByRole("combobox", { name: "User" })).toHaveTextContent("grace@example.com");
    expect(screen.getByRole("combobox", { name: "Plan" })).toHaveTextContent("Starter");
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveTextContent("Cancelled");
    await choose("Plan", "Professional");
    await choose("Status", "Active");
    await userEvent.click(screen.getByRole("button", { name: "Update Subscription" }));

    await screen.findAllByText("grace@example.com is now on the Professional plan (active).");
    expect(requests.find((r) => r.path === "/api/admin/set-subscription")?.body).toEqual({
      userId: 12,
      planName: "professional",
      status: "active",
    });
    const grace = screen.getByRole("rowheader", { name: "grace@example.com" }).closest("tr")!;
    await waitFor(() => expect(within(grace).getByText("17 / 100")).toBeInTheDocument());
    expect(within(grace).getByText("Professional")).toBeInTheDocument();
    expect(requests.filter((r) => r.path === "/api/admin/users")).toHaveLength(2);
  });

  it("shows the server's refusal of a change", async () => {
    open({
      "GET /api/auth/user": { body: admin },
      "GET /api/admin/users": { body: rows },
      "POST /api/admin/set-subscription": { status: 404, body: { message: "That user no longer exists." } },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Edit grace@example.com" }));
    await userEvent.click(screen.getByRole("button", { name: "Update Subscription" }));
    await screen.findAllByText("That user no longer exists.");
    toastShown("Update failed");
  });
});
