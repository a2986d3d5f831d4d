// @vitest-environment jsdom
// A change of a refresh as the Shopify app's refresh page shows it, rendered with Polaris: an image proposed for the
// article is shown as the picture itself, its alt text beneath, beside nothing or the article's own image.
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RefreshItem } from "@postwright/core/contracts";
import { RefreshItemDiff } from "../app/components/refresh/refresh-item-diff";

// Polaris reads the screen's breakpoints when it loads; jsdom has no media queries, so none matches.
vi.hoisted(() => {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
});

afterEach(cleanup);

const show = (item: RefreshItem) =>
  render(createElement(AppProvider, { i18n: en }, createElement(RefreshItemDiff, { item })));

describe("A refresh's change in the Shopify app", () => {
  it("shows an image proposed for the article as the picture with its alt text, beside nothing", () => {
    show({
      id: "image",
      kind: "image",
      label: "Image: Amber candle",
      before: "",
      after:
        '<figure><img src="https://cdn.shopify.com/s/files/amber.jpg" alt="Amber candle for a warm room"></figure>',
      why: ["Shows an image your site already has."],
    });
    const after = screen.getByRole("region", { name: "Image: Amber candle: after" });
    expect(within(after).getByRole("img", { name: "Amber candle for a warm room" })).toHaveAttribute(
      "src",
      "https://cdn.shopify.com/s/files/amber.jpg",
    );
    expect(within(after).getByText("Alt text, read by search engines:")).toBeInTheDocument();
    expect(after).not.toHaveTextContent("[Image:");
    const before = screen.getByRole("region", { name: "Image: Amber candle: before" });
    expect(within(before).queryByRole("img")).not.toBeInTheDocument();
    expect(before).toHaveTextContent("Nothing yet: this is new.");
  });

  it("shows an alt text change as the article's picture on both sides, the alt text's added words marked", () => {
    show({
      id: "image",
      kind: "image",
      label: "Image alt text",
      before: '<img src="https://cdn.shopify.com/s/files/amber.jpg" alt="Amber candle">',
      after: '<img src="https://cdn.shopify.com/s/files/amber.jpg" alt="Amber candle for a warm room">',
      why: ['Names "warm room" in the alt text.'],
    });
    const before = screen.getByRole("region", { name: "Image alt text: before" });
    expect(within(before).getByRole("img", { name: "Amber candle" })).toBeInTheDocument();
    const after = screen.getByRole("region", { name: "Image alt text: after" });
    expect(within(after).getByRole("img", { name: "Amber candle for a warm room" })).toBeInTheDocument();
    expect(within(after).getByText("for a warm room", { selector: "ins" })).toHaveTextContent("added: for a warm room");
  });
});
