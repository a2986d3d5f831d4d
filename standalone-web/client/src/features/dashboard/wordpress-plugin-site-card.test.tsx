import "../../test/setup";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage } from "../../test/render";
import { findToast } from "./dashboard-test-data";
import { WordpressConnectionCard } from "./wordpress-connection-card";

const pluginSite = {
  id: 7,
  siteName: "shop.example.com",
  siteUrl: "https://shop.example.com",
  username: "",
  isActive: true,
  createdAt: "2026-11-01T10:00:00.000Z",
  via: "plugin",
  lastUsedAt: null,
};

describe("WordPress card with a site connected through the plugin", () => {
  it("shows the site as connected via the plugin, checks it, and disconnects it after confirmation", async () => {
    let connected = true;
    const requests = fakeApi({
      "GET /api/wordpress/connection": () => ({ body: connected ? pluginSite : null }),
      "POST /api/wordpress/connections/7/check": { body: { valid: false, message: "Your WordPress site refused Postwright's request. Connect the site again from the Postwright page in WordPress." } },
      "DELETE /api/wordpress/connections/7": () => {
        connected = false;
        return { body: { message: "WordPress site disconnected." } };
      },
    });
    renderPage(<WordpressConnectionCard />);
    expect(await screen.findByText("Connected via the Postwright plugin")).toBeInTheDocument();
    expect(screen.queryByText("Username")).toBeNull();
    expect(screen.queryByRole("button", { name: "Update Connection" })).toBeNull();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: "Test Connection" }));
    expect(await findToast("Connection failed")).toHaveTextContent("Connect the site again");

    await user.click(screen.getByRole("button", { name: "Disconnect" }));
    expect(requests.some((r) => r.method === "DELETE")).toBe(false);
    await user.click(screen.getByRole("button", { name: "Disconnect site" }));
    await waitFor(() => expect(screen.getByLabelText("Site URL")).toBeInTheDocument());
    expect(requests.filter((r) => r.method === "DELETE").map((r) => r.path)).toEqual(["/api/wordpress/connections/7"]);
  });
});
