import "../test/setup";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { takeReturnTo } from "../lib/return-to";
import { fakeApi, renderPage } from "../test/render";
import { ConnectWordpressPage } from "./connect-wordpress";

const query = new URLSearchParams({
  site_url: "https://shop.example.com",
  rest_url: "https://shop.example.com/wp-json/",
  state: "s".repeat(32),
  return_url: "https://shop.example.com/wp-admin/admin.php?page=postwright",
}).toString();
const at = `/connect/wordpress?${query}`;
const preview = {
  site: {
    siteUrl: "https://shop.example.com",
    host: "shop.example.com",
    returnUrl: "https://shop.example.com/wp-admin/admin.php?page=postwright",
  },
  reconnects: false,
  replaces: null,
};
const signedIn = {
  "GET /api/auth/user": { body: { id: 1, email: "ada@example.com" } },
  "GET /api/connect/wordpress/preview": { body: preview },
};

function stubNavigation() {
  const assign = vi.fn();
  vi.stubGlobal("location", { ...window.location, assign });
  return assign;
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe("ConnectWordpressPage", () => {
  it("asks a visitor to log in and brings them back to the same approval afterwards", async () => {
    fakeApi({});
    renderPage(<ConnectWordpressPage />, { path: "/connect/wordpress", at });
    await userEvent.setup({ delay: null }).click(await screen.findByRole("button", { name: "Log in" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/login$/));
    expect(takeReturnTo()).toBe(at);
  });

  it("shows a signed-in owner the signed-in header, not the visitors' sign-in links", async () => {
    fakeApi(signedIn);
    renderPage(<ConnectWordpressPage />, { path: "/connect/wordpress", at });
    expect(await screen.findByRole("button", { name: "Approve" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Logout" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/");
    expect(screen.queryByRole("link", { name: /Login|Get Started/ })).toBeNull();
  });

  it("approves: posts the site's request and follows the address with the code", async () => {
    const assign = stubNavigation();
    const redirectUrl = "https://shop.example.com/wp-admin/admin.php?page=postwright&postwright_code=pwcode_x&state=s";
    const requests = fakeApi({ ...signedIn, "POST /api/connect/wordpress/approve": { body: { redirectUrl } } });
    renderPage(<ConnectWordpressPage />, { path: "/connect/wordpress", at });
    expect(
      await screen.findByRole("heading", { name: "Connect shop.example.com to your Postwright account?" }),
    ).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(redirectUrl));
    expect(requests.find((r) => r.path === "/api/connect/wordpress/approve")?.body).toEqual({
      siteUrl: "https://shop.example.com",
      restUrl: "https://shop.example.com/wp-json/",
      state: "s".repeat(32),
      returnUrl: "https://shop.example.com/wp-admin/admin.php?page=postwright",
    });
  });

  it("cancels back to the plugin with access_denied, and shows the server's refusal on the page", async () => {
    const assign = stubNavigation();
    fakeApi({
      ...signedIn,
      "POST /api/connect/wordpress/approve": {
        status: 403,
        body: { message: "Your plan connects up to 10 WordPress sites. Disconnect one before connecting another." },
      },
    });
    renderPage(<ConnectWordpressPage />, { path: "/connect/wordpress", at });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole("button", { name: "Approve" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Your plan connects up to 10 WordPress sites.");
    expect(assign).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(assign).toHaveBeenCalledWith(
      `https://shop.example.com/wp-admin/admin.php?page=postwright&postwright_error=access_denied&state=${"s".repeat(32)}`,
    );
  });

  it("names the connected site that a plan with one site turns off, before the owner approves", async () => {
    const requests = fakeApi({
      ...signedIn,
      "GET /api/connect/wordpress/preview": {
        body: {
          ...preview,
          replaces: { siteUrl: "https://blog.example.org", host: "blog.example.org", siteName: "Our blog" },
        },
      },
    });
    renderPage(<ConnectWordpressPage />, { path: "/connect/wordpress", at });
    const notice = await screen.findByTestId("replaces");
    expect(notice).toHaveTextContent("Approving turns off Our blog, the site connected now");
    expect(notice).toHaveTextContent("nothing of it moves to shop.example.com");
    expect(
      screen.getByRole("heading", { name: "Connect shop.example.com to your Postwright account?" }),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.path === "/api/connect/wordpress/approve")).toEqual([]);
  });

  it("names the site by the title in the link (trimmed, at most 200 characters), by its host without one", async () => {
    fakeApi(signedIn);
    const named = (title: string) => `${at}&${new URLSearchParams({ site_name: title }).toString()}`;
    const first = renderPage(<ConnectWordpressPage />, {
      path: "/connect/wordpress",
      at: named("  Pour-Over & Co <b> "),
    });
    expect(
      await screen.findByRole("heading", { name: "Connect Pour-Over & Co <b> to your Postwright account?" }),
    ).toBeInTheDocument();
    expect(screen.getByText("https://shop.example.com")).toBeInTheDocument();
    first.unmount();

    const second = renderPage(<ConnectWordpressPage />, { path: "/connect/wordpress", at: named("é".repeat(300)) });
    expect(
      await screen.findByRole("heading", { name: `Connect ${"é".repeat(200)} to your Postwright account?` }),
    ).toBeInTheDocument();
    second.unmount();

    renderPage(<ConnectWordpressPage />, { path: "/connect/wordpress", at: named("   ") });
    expect(
      await screen.findByRole("heading", { name: "Connect shop.example.com to your Postwright account?" }),
    ).toBeInTheDocument();
  });

  it("says nothing is turned off when no other site is connected", async () => {
    fakeApi(signedIn);
    renderPage(<ConnectWordpressPage />, { path: "/connect/wordpress", at });
    await screen.findByRole("button", { name: "Approve" });
    expect(screen.queryByTestId("replaces")).toBeNull();
  });

  it('refuses javascript: addresses, which would otherwise both have the origin "null"', async () => {
    const assign = stubNavigation();
    fakeApi(signedIn);
    const bad = `/connect/wordpress?${new URLSearchParams({
      site_url: "javascript:alert(document.cookie)//",
      rest_url: "javascript:alert(1)//",
      state: "s".repeat(32),
      return_url: "javascript:alert(document.domain)//",
    }).toString()}`;
    renderPage(<ConnectWordpressPage />, { path: "/connect/wordpress", at: bad });
    expect(await screen.findByText("This connection link is not valid")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of the addresses and offers no way back to them", async () => {
    const assign = stubNavigation();
    fakeApi({
      ...signedIn,
      "GET /api/connect/wordpress/preview": {
        status: 400,
        body: {
          message: "This WordPress site does not use HTTPS. Postwright connects only to sites served over HTTPS.",
        },
      },
    });
    renderPage(<ConnectWordpressPage />, { path: "/connect/wordpress", at });
    expect(await screen.findByRole("alert")).toHaveTextContent("This WordPress site does not use HTTPS.");
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it("refuses a link whose return address is on another site", async () => {
    fakeApi(signedIn);
    const bad = at.replace(
      encodeURIComponent("https://shop.example.com/wp-admin"),
      encodeURIComponent("https://evil.example.net/wp-admin"),
    );
    renderPage(<ConnectWordpressPage />, { path: "/connect/wordpress", at: bad });
    expect(await screen.findByText("This connection link is not valid")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
  });
});
