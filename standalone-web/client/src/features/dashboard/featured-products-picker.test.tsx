import "../../test/setup";
import type { StoreProduct, StoreProductSearch } from "@postwright/core/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage, type FakeRequest } from "../../test/render";
import { CreatePostPanel } from "./create-post-panel";
import { samplePost } from "./dashboard-test-data";

const product = (id: number, title: string, price: string, available = true): StoreProduct => ({
  id: `woocommerce:${id}`,
  source: "woocommerce",
  title,
  price,
  available,
  url: `https://roastery.example/product/${id}/`,
  image: null,
});

const catalogue = [
  product(11, "Linen Apron", "32.00 USD"),
  product(12, "Hand Grinder", "89.50 USD", false),
  product(13, "Stoneware Mug", "18.00 USD"),
  product(14, "Pour-over Kettle", "45.00 USD"),
  product(15, "Paper Filters", "6.00 USD"),
  product(16, "Bean Scale", "29.00 USD"),
];

/** The site's search: the catalogue's products whose name holds the words typed (?q). */
function search(request: FakeRequest): { body: StoreProductSearch } {
  const words = new URLSearchParams(request.search).get("q")?.toLowerCase() ?? "";
  return {
    body: {
      sources: ["woocommerce"],
      maxFeatured: 5,
      products: catalogue.filter((p) => p.title.toLowerCase().includes(words)),
      problems: [],
    },
  };
}

const generated = {
  blogPost: samplePost(),
  generatedContent: { wordCount: 1240, readingTime: 6, seoScore: 82 },
  tierInfo: { usageRemaining: 4 },
};

describe("Featured Products on the write form", () => {
  it("searches the store as the owner types, picks products with the keyboard and sends their IDs with Show product cards", async () => {
    const requests = fakeApi({
      "GET /api/store-products": search,
      "POST /api/blog-posts/generate": { body: generated },
    });
    renderPage(<CreatePostPanel />);
    const user = userEvent.setup({ delay: null });

    const box = await screen.findByRole("combobox", { name: "Search products" });
    expect(screen.getByText(/Products from your WooCommerce store the post should feature, up to 5/)).toBeVisible();
    const cards = screen.getByRole("checkbox", { name: "Show product cards" });
    // Cards need a product first.
    expect(cards).toBeDisabled();

    await user.type(box, "apron");
    const list = screen.getByRole("listbox", { name: "Products" });
    await waitFor(() => expect(within(list).getAllByRole("option")).toHaveLength(1));
    expect(within(list).getByRole("option", { name: /Linen Apron/ })).toHaveTextContent("$32.00 · In stock");
    expect(requests.some((r) => r.path === "/api/store-products" && r.search === "?q=apron")).toBe(true);

    await user.keyboard("{ArrowDown}");
    expect(box).toHaveAttribute("aria-activedescendant", expect.stringContaining("woocommerce:11"));
    expect(within(list).getByRole("option", { name: /Linen Apron/ })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{Enter}");
    const picked = screen.getByRole("list", { name: "Picked products" });
    expect(within(picked).getByText("Linen Apron")).toBeVisible();
    expect(box).toHaveValue("");

    // A sold-out product is shown as such.
    await user.type(box, "grinder");
    await waitFor(() => expect(screen.getByRole("option", { name: /Hand Grinder/ })).toHaveTextContent("Sold out"));
    await user.keyboard("{Escape}");
    expect(box).toHaveAttribute("aria-expanded", "false");

    expect(cards).toBeEnabled();
    await user.click(cards);
    await user.type(screen.getByLabelText("Blog Title"), "Dressing for the roaster");
    await user.type(screen.getByLabelText("Target Keywords"), "roaster apron");
    await user.click(screen.getByRole("button", { name: "Generate Blog Post" }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === "/api/blog-posts/generate")?.body).toMatchObject({
        title: "Dressing for the roaster",
        featured: ["woocommerce:11"],
        showProductCards: true,
      }),
    );
  });

  it("says when nothing matches and while it searches", async () => {
    fakeApi({ "GET /api/store-products": search });
    renderPage(<CreatePostPanel />);
    const user = userEvent.setup({ delay: null });
    const box = await screen.findByRole("combobox", { name: "Search products" });
    await user.type(box, "teapot");
    // Until the owner pauses and the store answers.
    expect(screen.getByText("Searching your products...")).toBeInTheDocument();
    expect(await screen.findByText('No products match "teapot".')).toBeInTheDocument();
  });

  it("stops at the number of products one post can feature, and a removed product can be picked again", async () => {
    fakeApi({ "GET /api/store-products": search });
    renderPage(<CreatePostPanel />);
    const user = userEvent.setup({ delay: null });
    const box = await screen.findByRole("combobox", { name: "Search products" });
    await user.click(box);
    for (let i = 0; i < 5; i++) {
      // Each pick closes the list; the arrow key opens it again on the first product left.
      await user.keyboard("{ArrowDown}");
      await waitFor(() => expect(screen.getAllByRole("option").length).toBeGreaterThan(0));
      await user.keyboard("{Enter}");
      expect(screen.queryByRole("listbox")).toBeNull();
    }
    expect(within(screen.getByRole("list", { name: "Picked products" })).getAllByRole("listitem")).toHaveLength(5);
    expect(box).toBeDisabled();
    expect(screen.getByText("A post can feature at most 5 products: remove one to pick another.")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Remove Linen Apron" }));
    expect(box).toBeEnabled();
    await user.type(box, "apron");
    await waitFor(() => expect(screen.getByRole("option", { name: /Linen Apron/ })).toBeInTheDocument());
  });

  it("is not shown when no connected store sells products", async () => {
    const requests = fakeApi({
      "GET /api/store-products": { body: { sources: [], maxFeatured: 5, products: [], problems: [] } },
    });
    renderPage(<CreatePostPanel />);
    await waitFor(() => expect(requests.some((r) => r.path === "/api/store-products")).toBe(true));
    expect(screen.queryByRole("combobox", { name: "Search products" })).toBeNull();
    expect(screen.queryByText(/Featured Products/)).toBeNull();
  });
});
