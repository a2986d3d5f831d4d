import "../../test/setup";
import type { CurrentUser, SessionView } from "@postwright/core/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage } from "../../test/render";
import { AccountSettings } from "./account-settings";

const user: CurrentUser = {
  id: 7,
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

const session = (id: string, userAgent: string, current: boolean): SessionView => ({
  id,
  userAgent,
  ipAddress: "203.0.113.5",
  createdAt: "2026-11-01T10:00:00.000Z",
  lastSeenAt: "2026-11-20T10:00:00.000Z",
  expiresAt: "2026-12-20T10:00:00.000Z",
  current,
});

const firefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";
const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

describe("AccountSettings", () => {
  it("lists the sessions by device with their times in the account's zone, marks this one, and ends another with DELETE", async () => {
    let sessions = [session("this-one-aaaa", chrome, true), session("other-one-bbbb", firefox, false)];
    const requests = fakeApi({
      // The account is in Tokyo: 10:00 UTC is 7 PM there, whatever the browser's zone.
      "GET /api/auth/user": { body: { ...user, timeZone: "Asia/Tokyo" } },
      "GET /api/account/sessions": () => ({ body: sessions }),
      "DELETE /api/account/sessions/other-one-bbbb": () => {
        sessions = sessions.filter((s) => s.current);
        return { body: { message: "That session was ended." } };
      },
    });
    renderPage(<AccountSettings />, { path: "/subscription" });
    const list = await screen.findByRole("list", { name: "Signed-in sessions" }, { timeout: 5000 });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
    expect(within(list).getByText("Chrome on Linux")).toBeInTheDocument();
    expect(within(list).getByText("This device")).toBeInTheDocument();
    expect(within(list).getByText("Firefox on Windows")).toBeInTheDocument();

    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole("listitem")[0]!
          .textContent?.replace(/\u202f/g, " "),
      ).toContain("Signed in Nov 1, 2026, 7:00 PM · Last seen Nov 20, 2026, 7:00 PM"),
    );

    await userEvent.click(screen.getByRole("button", { name: "End session: Firefox on Windows" }));
    expect(await screen.findByText("That session was ended.")).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(1));
    expect(requests.some((r) => r.method === "DELETE" && r.path === "/api/account/sessions/other-one-bbbb")).toBe(true);
  });

  it("checks the new password's rules before sending anything", async () => {
    const requests = fakeApi({ "GET /api/auth/user": { body: user }, "GET /api/account/sessions": { body: [] } });
    renderPage(<AccountSettings />, { path: "/subscription" });
    const form = await screen.findByRole("form", { name: "Change password" });
    await userEvent.type(within(form).getByLabelText("Current password"), "Old1!pass");
    await userEvent.type(within(form).getByLabelText("New password"), "short");
    await userEvent.click(within(form).getByRole("button", { name: "Change Password" }));
    expect(await screen.findByText("Password must be at least 6 characters long")).toBeInTheDocument();
    expect(requests.some((r) => r.path === "/api/account/password")).toBe(false);
  });

  it("saves the account's time zone with PUT, chosen from the list of zones", async () => {
    const requests = fakeApi({
      "GET /api/auth/user": { body: user },
      "GET /api/account/sessions": { body: [] },
      "PUT /api/account/time-zone": { body: { timeZone: "Asia/Tokyo", message: "Your time zone is now Asia/Tokyo." } },
    });
    renderPage(<AccountSettings />, { path: "/subscription" });
    const form = await screen.findByRole("form", { name: "Time zone" });
    const field = within(form).getByRole("combobox", { name: "Time zone" });
    expect(field).toHaveValue("UTC");
    // A list of real zones, nothing to mistype.
    expect(within(field).getByRole("option", { name: "America/New York" })).toHaveValue("America/New_York");
    await userEvent.selectOptions(field, "Asia/Tokyo");
    await userEvent.click(within(form).getByRole("button", { name: "Save time zone" }));
    expect(await screen.findByText("Your time zone is now Asia/Tokyo.")).toBeInTheDocument();
    expect(requests.find((r) => r.method === "PUT" && r.path === "/api/account/time-zone")?.body).toEqual({
      timeZone: "Asia/Tokyo",
    });
  });

  it("offers no deletion for the administrator", async () => {
    fakeApi({ "GET /api/auth/user": { body: { ...user, isAdmin: true } }, "GET /api/account/sessions": { body: [] } });
    renderPage(<AccountSettings />, { path: "/subscription" });
    expect(await screen.findByText("The administrator account cannot be deleted here.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete Account" })).toBeNull();
    expect(screen.getByRole("link", { name: "Download My Data" })).toHaveAttribute("href", "/api/account/export");
  });
});
