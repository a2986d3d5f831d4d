import "../../test/setup";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage } from "../../test/render";
import { samplePost } from "./dashboard-test-data";
import { ProductCardsOption } from "./product-cards-option";
import { withoutProductCards } from "./quill-editor";

const card = {
  productId: "gid://shopify/Product/1",
  title: "Speckled Mug",
  url: "https://mugs.example/products/speckled-mug",
  image: null,
  price: "22.00",
  currencyCode: "USD",
  available: true,
};

describe("ProductCardsOption", () => {
  it("turns the post's product cards on with the keyboard and tells the owner", async () => {
    const post = samplePost({ id: 9, productCards: [card] });
    const requests = fakeApi({ "PATCH /api/blog-posts/9": { body: { ...post, showProductCards: true } } });
    renderPage(<ProductCardsOption post={post} />);
    const option = screen.getByRole("checkbox", { name: "Show as product cards" });
    expect(option).not.toBeChecked();
    expect(screen.getByText(/Speckled Mug: each with its picture, name, price/)).toBeInTheDocument();

    option.focus();
    await userEvent.keyboard(" ");
    await waitFor(() =>
      expect(requests.find((r) => r.path === "/api/blog-posts/9" && r.method === "PATCH")?.body).toEqual({
        showProductCards: true,
      }),
    );
    expect(await screen.findByText("Product cards added to the post")).toBeInTheDocument();
  });

  it("shows nothing for a post without featured products", () => {
    const { container } = renderPage(<ProductCardsOption post={samplePost()} />);
    expect(container.querySelector("[aria-label='Product cards']")).toBeNull();
  });
});

describe("withoutProductCards", () => {
  it("gives the editor the post without its cards, and everything else as it was", () => {
    const html =
      '<p>Our <a href="https://mugs.example/products/speckled-mug">mug</a>.</p>' +
      '<div class="postwright-product-card" data-product-id="gid://shopify/Product/1"><p class="postwright-product-card__price">$22.00</p></div>' +
      "<h2>End</h2>";
    expect(withoutProductCards(html)).toBe(
      '<p>Our <a href="https://mugs.example/products/speckled-mug">mug</a>.</p><h2>End</h2>',
    );
  });
});
