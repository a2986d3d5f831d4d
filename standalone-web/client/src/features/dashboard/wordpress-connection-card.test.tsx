import "../../test/setup";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage } from "../../test/render";
import { findToast } from "./dashboard-test-data";
import { WordpressConnectionCard } from "./wordpress-connection-card";

async function fill(fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await userEvent.type(await screen.findByLabelText(label), value);
}

describe("WordPress connection card", () => {
  it("needs the site URL, username and application password to test", async () => {
    const requests = fakeApi({ "GET /api/wordpress/connection": { body: null } });
    renderPage(<WordpressConnectionCard />);
    await fill({ "Site URL": "https://blog.example" });
    await userEvent.click(screen.getByRole("button", { name: "Test Connection" }));
    expect(await findToast("Missing information")).toHaveTextContent(
      "Please fill in all required fields before testing",
    );
    expect(requests.some((r) => r.path === "/api/wordpress/test-connection")).toBe(false);
    expect(screen.getByText(/Users → Profile → Application Passwords/)).toBeInTheDocument();
  });

  it("connects with WordPress's approval screen from the site's name and address, pasting aside", async () => {
    const requests = fakeApi({
      "GET /api/wordpress/connection": { body: null },
      "POST /api/wordpress/authorize": {
        status: 400,
        body: { message: "Connect with WordPress needs a site served over HTTPS." },
      },
    });
    renderPage(<WordpressConnectionCard />);
    const connect = await screen.findByRole("button", { name: "Connect with WordPress" });
    await userEvent.click(connect);
    expect(await findToast("Missing information")).toHaveTextContent("Please fill in the site name and site URL first");
    expect(requests.some((r) => r.path === "/api/wordpress/authorize")).toBe(false);

    await fill({ "Site Name": "Loom Journal", "Site URL": "http://blog.example" });
    await userEvent.click(connect);
    expect(await findToast("Connection failed")).toHaveTextContent(
      "Connect with WordPress needs a site served over HTTPS.",
    );
    expect(requests.find((r) => r.path === "/api/wordpress/authorize")?.body).toEqual({
      siteName: "Loom Journal",
      siteUrl: "http://blog.example",
    });
    // Pasting an application password stays available beside it.
    expect(screen.getByText("Or paste an application password:")).toBeInTheDocument();
    expect(screen.getByLabelText("Application Password")).toBeInTheDocument();
  });

  it("explains a refused test with WordPress's reason", async () => {
    const requests = fakeApi({
      "GET /api/wordpress/connection": { body: null },
      "POST /api/wordpress/test-connection": {
        body: { valid: false, message: "WordPress did not accept the username and application password." },
      },
    });
    renderPage(<WordpressConnectionCard />);
    await fill({ "Site URL": "https://blog.example", Username: "ada", "Application Password": "abcd efgh" });
    await userEvent.click(screen.getByRole("button", { name: "Test Connection" }));
    expect(await findToast("Connection failed")).toHaveTextContent(
      "Please check your credentials and try again. WordPress did not accept the username and application password.",
    );
    expect(requests.find((r) => r.path === "/api/wordpress/test-connection")?.body).toEqual({
      siteName: "",
      siteUrl: "https://blog.example",
      username: "ada",
      applicationPassword: "abcd efgh",
      isActive: true,
    });
  });

  it("checks every field on save, saves, and then shows the connected site", async () => {
    let connection: unknown = null;
    const requests = fakeApi({
      "GET /api/wordpress/connection": () => ({ body: connection }),
      "POST /api/wordpress/connection": (request) => {
        connection = { id: 1, ...(request.body as object), createdAt: "2026-01-01T00:00:00.000Z" };
        return { body: connection };
      },
    });
    renderPage(<WordpressConnectionCard />);
    await userEvent.click(await screen.findByRole("button", { name: "Save Connection" }));
    for (const message of [
      "Site name is required",
      "Site URL is required",
      "Username is required",
      "Application password is required",
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await fill({
      "Site Name": "Trail Blog",
      "Site URL": "https://blog.example",
      Username: "ada",
      "Application Password": "abcd efgh",
    });
    await userEvent.click(screen.getByRole("button", { name: "Save Connection" }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === "POST" && r.path === "/api/wordpress/connection")).toBe(true),
    );
    expect(requests.find((r) => r.method === "POST" && r.path === "/api/wordpress/connection")?.body).toEqual({
      siteName: "Trail Blog",
      siteUrl: "https://blog.example",
      username: "ada",
      applicationPassword: "abcd efgh",
      isActive: true,
    });
    expect(await screen.findByRole("link", { name: /https:\/\/blog.example/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Update Connection" })).toBeInTheDocument();
  });

  it("reports a refused save in the product's words", async () => {
    fakeApi({
      "GET /api/wordpress/connection": { body: null },
      "POST /api/wordpress/connection": {
        status: 400,
        body: { message: "The site did not answer at https://blog.example." },
      },
    });
    renderPage(<WordpressConnectionCard />);
    await fill({
      "Site Name": "Trail Blog",
      "Site URL": "https://blog.example",
      Username: "ada",
      "Application Password": "abcd efgh",
    });
    await userEvent.click(screen.getByRole("button", { name: "Save Connection" }));
    expect(await findToast("Connection failed")).toHaveTextContent("The site did not answer at https://blog.example.");
  });

  it("is a region named by its heading that holds the connection form", async () => {
    fakeApi({ "GET /api/wordpress/connection": { body: null } });
    renderPage(<WordpressConnectionCard />);
    const region = await screen.findByRole("region", { name: "WordPress Connection" });
    expect(await within(region).findByLabelText("Application Password")).toBeInTheDocument();
    expect(within(region).getByRole("button", { name: "Test Connection" })).toBeInTheDocument();
    expect(within(region).getByRole("button", { name: "Save Connection" })).toBeInTheDocument();
  });
});
