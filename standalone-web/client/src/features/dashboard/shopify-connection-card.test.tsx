import "../../test/setup";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage } from "../../test/render";
import { findToast } from "./dashboard-test-data";
import { SHOPIFY_API_KEY_PLACEHOLDER } from "./shopify-connect-form";
import { ShopifyConnectionCard } from "./shopify-connection-card";

const saved = {
  id: 1,
  storeName: "Trailhead",
  storeUrl: "trailhead.myshopify.com",
  blogId: "gid://shopify/Blog/7",
  isActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
};

async function openDialog() {
  await userEvent.click(await screen.findByRole("button", { name: "Connect Shopify Store" }));
  return screen.findByRole("dialog", { name: "Connect Shopify Store" });
}

describe("Shopify connection card", () => {
  it("connects a store: test first, then pick the blog, then save", async () => {
    let connection: typeof saved | null = null;
    const requests = fakeApi({
      "GET /api/shopify/connection": () => ({ body: connection }),
      "POST /api/shopify/test-connection": {
        body: { valid: true, blogs: [{ id: "gid://shopify/Blog/7", title: "News" }] },
      },
      "POST /api/shopify/connection": () => {
        connection = saved;
        return { body: saved };
      },
    });
    renderPage(<ShopifyConnectionCard />);
    expect(await screen.findByText("Connect your Shopify store to publish blog posts")).toBeInTheDocument();
    const dialog = await openDialog();
    expect(dialog).toHaveTextContent("read and write permission for blogs and blog articles");
    const save = within(dialog).getByRole("button", { name: "Save Connection" });
    expect(save).toBeDisabled();

    // Testing needs the address and the token.
    await userEvent.click(within(dialog).getByRole("button", { name: "Test Connection" }));
    expect(await findToast("Please enter store URL and access token")).toBeInTheDocument();
    expect(requests.some((r) => r.path === "/api/shopify/test-connection")).toBe(false);

    const token = within(dialog).getByLabelText("Access Token");
    expect(token).toHaveAttribute("type", "password");
    expect(token).toHaveAttribute("placeholder", expect.stringMatching(/^shpat_/));
    await userEvent.type(within(dialog).getByLabelText("Store URL"), "https://trailhead.myshopify.com");
    await userEvent.type(token, "shpat_secret");
    await userEvent.click(within(dialog).getByRole("button", { name: "Test Connection" }));
    expect(await findToast("Connection successful! Please select a blog.")).toBeInTheDocument();
    expect(requests.find((r) => r.path === "/api/shopify/test-connection")?.body).toEqual({
      storeUrl: "https://trailhead.myshopify.com",
      apiKey: SHOPIFY_API_KEY_PLACEHOLDER,
      password: "shpat_secret",
      accessToken: "shpat_secret",
    });
    expect(within(dialog).getByRole("combobox", { name: "Select Blog" })).toHaveTextContent("News");
    expect(save).toBeEnabled();

    await userEvent.click(save);
    expect(await within(dialog).findByText("Store name is required")).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText("Store Name"), "Trailhead");
    await userEvent.click(save);

    expect(await findToast("Shopify connection created successfully")).toBeInTheDocument();
    expect(requests.find((r) => r.method === "POST" && r.path === "/api/shopify/connection")?.body).toEqual({
      storeName: "Trailhead",
      storeUrl: "https://trailhead.myshopify.com",
      accessToken: "shpat_secret",
      blogId: "gid://shopify/Blog/7",
      apiKey: SHOPIFY_API_KEY_PLACEHOLDER,
      password: "shpat_secret",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByText("Blog ID: gid://shopify/Blog/7")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Configure Connection" })).toBeInTheDocument();
  });

  it("says the credentials were refused, with Shopify's reason, and keeps Save off", async () => {
    fakeApi({
      "GET /api/shopify/connection": { body: null },
      "POST /api/shopify/test-connection": {
        body: { valid: false, blogs: [], message: "Shopify did not accept the access token." },
      },
    });
    renderPage(<ShopifyConnectionCard />);
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText("Store URL"), "trailhead.myshopify.com");
    await userEvent.type(within(dialog).getByLabelText("Access Token"), "shpat_wrong");
    await userEvent.click(within(dialog).getByRole("button", { name: "Test Connection" }));
    expect(await findToast("Connection failed. Please check your credentials.")).toHaveTextContent(
      "Shopify did not accept the access token.",
    );
    expect(within(dialog).getByRole("button", { name: "Save Connection" })).toBeDisabled();
  });

  it("shows the server's message when the test itself fails", async () => {
    fakeApi({
      "GET /api/shopify/connection": { status: 404, body: { message: "No connection" } },
      "POST /api/shopify/test-connection": { status: 400, body: { message: "That is not a Shopify store address." } },
    });
    renderPage(<ShopifyConnectionCard />);
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText("Store URL"), "example.com");
    await userEvent.type(within(dialog).getByLabelText("Access Token"), "shpat_x");
    await userEvent.click(within(dialog).getByRole("button", { name: "Test Connection" }));
    expect(await findToast("That is not a Shopify store address.")).toBeInTheDocument();
  });

  it("is a region named by its heading, holding the connect button and later the connected store", async () => {
    let connection: typeof saved | null = null;
    fakeApi({ "GET /api/shopify/connection": () => ({ body: connection }) });
    const { queryClient } = renderPage(<ShopifyConnectionCard />);
    const region = await screen.findByRole("region", { name: "Shopify Connection" });
    expect(await within(region).findByRole("button", { name: "Connect Shopify Store" })).toBeInTheDocument();

    connection = saved;
    await queryClient.invalidateQueries();
    expect(await within(region).findByText("Trailhead")).toBeInTheDocument();
    expect(within(region).getByRole("button", { name: "Configure Connection" })).toBeInTheDocument();
  });
});
