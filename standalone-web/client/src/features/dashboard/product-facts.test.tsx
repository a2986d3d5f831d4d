import "../../test/setup";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage } from "../../test/render";
import { samplePost } from "./dashboard-test-data";
import { ProductFacts } from "./product-facts";

const report = {
  checkedAt: "2026-11-27T10:00:00.000Z",
  mismatches: 1,
  products: [
    {
      productId: "gid://shopify/Product/1",
      title: "Speckled Mug",
      url: "https://mugs.example/products/speckled-mug",
      status: "mismatch" as const,
      findings: [{ kind: "price" as const, post: "$22", store: "$25.00", agrees: false }],
      summary: "Speckled Mug: the post says $22, the store's price is $25.00.",
    },
    {
      productId: "gid://shopify/Product/2",
      title: "Cedar Candle",
      url: "https://mugs.example/products/cedar-candle",
      status: "agrees" as const,
      findings: [],
      summary: "The post names Cedar Candle but states no price, option or stock to check.",
    },
  ],
};

describe("ProductFacts", () => {
  it("says when the facts were checked in the account's time zone, not the browser's", async () => {
    // 10:00 UTC on 27 November is 7 PM in Tokyo, the account's zone.
    fakeApi({ "GET /api/auth/user": { body: { id: 1, email: "owner@example.com", timeZone: "Asia/Tokyo" } } });
    renderPage(<ProductFacts post={samplePost({ id: 9, productFacts: report })} />);
    await waitFor(() => expect(screen.getByText(/^Checked /)).toHaveTextContent(/^Checked Nov 27, 2026, 7:00\sPM$/));
  });

  it("lists each product with what differs from the store, checks again and saves the owner's choice", async () => {
    const post = samplePost({ id: 9, productFacts: report });
    const requests = fakeApi({
      "POST /api/blog-posts/9/product-facts": {
        body: { blogPost: { ...post, productFacts: { ...report, mismatches: 0 } } },
      },
      "PATCH /api/blog-posts/9": { body: { ...post, factsPolicy: "update_prices" } },
    });
    renderPage(<ProductFacts post={post} />);
    const items = within(screen.getByRole("list", { name: "Products named in the post" })).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Speckled Mug: Differs from your storeSpeckled Mug: the post says $22, the store's price is $25.00.",
      "Cedar Candle: Agrees with your storeThe post names Cedar Candle but states no price, option or stock to check.",
    ]);
    expect(screen.getByRole("radio", { name: "Hold it for my review" })).toBeChecked();

    await userEvent.click(screen.getByRole("button", { name: "Check against your store" }));
    await waitFor(() => expect(requests.some((r) => r.path === "/api/blog-posts/9/product-facts")).toBe(true));
    expect(await screen.findByText("The post agrees with your store")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("radio", { name: "Write the current prices in and publish" }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === "/api/blog-posts/9" && r.method === "PATCH")?.body).toEqual({
        factsPolicy: "update_prices",
      }),
    );
  });

  it("shows nothing for a post that names no store product", () => {
    const { container } = renderPage(<ProductFacts post={samplePost()} />);
    expect(container.querySelector("[aria-label='Product facts']")).toBeNull();
  });

  it("offers the check for a post linking to a WooCommerce product, not yet checked", () => {
    const links = [{ url: "https://roastery.example/product/linen-apron/", description: "Linen Apron" }];
    renderPage(<ProductFacts post={samplePost({ links })} />);
    expect(screen.getByRole("button", { name: "Check against your store" })).toBeTruthy();
  });
});
