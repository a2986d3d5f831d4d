import "../../test/setup";
import type { OptimizeTitleResponse } from "@postwright/core/contracts";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderPage } from "../../test/render";
import { BlogForm } from "./blog-form";

const answer: OptimizeTitleResponse = {
  optimizedTitle: "SEO Tips for Small Shops: 9 Steps That Work",
  titleVariations: ["9 SEO Tips Every Small Shop Needs", "Small Shop SEO: A Practical Guide", "A Fourth Variation"],
  seoScore: 86,
  metaDescription: "Nine practical SEO tips for small online shops.",
};

function suggestionRequests(requests: ReturnType<typeof fakeApi>) {
  return requests.filter((r) => r.path === "/api/blog-posts/optimize-title");
}

function typeTitle(value: string) {
  fireEvent.change(screen.getByLabelText("Blog Title"), { target: { value } });
}

/** Lets timers run and the fake API's promises settle. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function toasts(): string[] {
  const region = screen.queryByRole("region", { name: /notifications/i });
  return region
    ? within(region)
        .queryAllByRole("listitem")
        .map((li) => li.textContent ?? "")
    : [];
}

const panel = () => screen.getByRole("region", { name: "Title suggestions" });

describe("title suggestion panel", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, "clipboard");
  });

  it("asks 1.5 s after the title stops changing, only for titles over 3 characters, and once per title", async () => {
    const requests = fakeApi({ "POST /api/blog-posts/optimize-title": { body: answer } });
    renderPage(<BlogForm onSubmit={vi.fn()} />);

    typeTitle("SEO");
    await wait(3000);
    expect(suggestionRequests(requests)).toHaveLength(0);

    typeTitle("SEO t");
    await wait(1000);
    typeTitle("SEO tips");
    await wait(1499);
    expect(suggestionRequests(requests)).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(within(panel()).getByText("Generating optimized title suggestion...")).toBeInTheDocument();
    await wait(0);
    expect(suggestionRequests(requests)).toEqual([
      {
        method: "POST",
        path: "/api/blog-posts/optimize-title",
        search: "",
        body: { originalTitle: "SEO tips", keywords: [] },
      },
    ]);

    // The optimised title first, then variations: three at most, with the score out of 100.
    const items = within(panel()).getAllByRole("listitem");
    expect(items.map((li) => li.querySelector("p + p")?.textContent)).toEqual([
      answer.optimizedTitle,
      answer.titleVariations[0],
      answer.titleVariations[1],
    ]);
    expect(within(panel()).getByText("86/100")).toBeInTheDocument();
    // Labelled as the title's own score, so that it is not read as the post's SEO score.
    expect(within(panel()).getByText("86/100").parentElement).toHaveTextContent(/^Title score: 86\/100$/);

    // Back to a title already asked about: no new request.
    typeTitle("SEO tipsx");
    await wait(500);
    typeTitle("SEO tips");
    await wait(3000);
    expect(suggestionRequests(requests)).toHaveLength(1);
  });

  it("copies a suggestion and shows it as copied for 2 seconds", async () => {
    fakeApi({ "POST /api/blog-posts/optimize-title": { body: answer } });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderPage(<BlogForm onSubmit={vi.fn()} />);
    typeTitle("SEO tips");
    await wait(1500);

    fireEvent.click(within(panel()).getByRole("button", { name: `Copy: ${answer.optimizedTitle}` }));
    await wait(0);
    expect(writeText).toHaveBeenCalledWith(answer.optimizedTitle);
    expect(within(panel()).getByRole("button", { name: `Copied: ${answer.optimizedTitle}` })).toHaveTextContent(
      "Copied",
    );
    expect(toasts()).toEqual([expect.stringContaining("Copied!")]);
    expect(toasts()[0]).toContain("Optimized title copied to clipboard");

    await wait(1999);
    expect(within(panel()).getByRole("button", { name: `Copied: ${answer.optimizedTitle}` })).toBeInTheDocument();
    await wait(1);
    expect(within(panel()).getByRole("button", { name: `Copy: ${answer.optimizedTitle}` })).toHaveTextContent("Copy");
  });

  it("says so when the clipboard refuses", async () => {
    fakeApi({ "POST /api/blog-posts/optimize-title": { body: answer } });
    const writeText = vi.fn().mockRejectedValue(new Error("denied"));
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderPage(<BlogForm onSubmit={vi.fn()} />);
    typeTitle("SEO tips");
    await wait(1500);
    fireEvent.click(within(panel()).getByRole("button", { name: `Copy: ${answer.titleVariations[0]}` }));
    await wait(0);
    expect(toasts()[0]).toContain("Copy failed");
    expect(toasts()[0]).toContain("Please copy the title manually");
    expect(within(panel()).queryByText("Copied")).not.toBeInTheDocument();
  });

  it("applies a suggestion: new title, the meta description appended to the instructions, no new request", async () => {
    const requests = fakeApi({ "POST /api/blog-posts/optimize-title": { body: answer } });
    renderPage(<BlogForm onSubmit={vi.fn()} />);
    fireEvent.change(screen.getByLabelText(/Additional SEO Instructions/), { target: { value: "Friendly tone" } });
    typeTitle("SEO tips");
    await wait(1500);

    fireEvent.click(within(panel()).getByRole("button", { name: `Use This: ${answer.titleVariations[1]}` }));
    expect(screen.getByLabelText("Blog Title")).toHaveValue(answer.titleVariations[1]);
    expect(screen.getByLabelText(/Additional SEO Instructions/)).toHaveValue(
      `Friendly tone\nMeta Description: ${answer.metaDescription}`,
    );
    expect(within(panel()).getByText("Title optimized and applied!")).toBeInTheDocument();
    expect(toasts()[0]).toContain("Title applied!");
    expect(toasts()[0]).toContain("Optimized title has been applied to your blog post");

    await wait(3000);
    expect(suggestionRequests(requests)).toHaveLength(1);
  });

  it("shows nothing when suggestions fail", async () => {
    const requests = fakeApi({ "POST /api/blog-posts/optimize-title": { status: 502, body: { message: "down" } } });
    renderPage(<BlogForm onSubmit={vi.fn()} />);
    const before = toasts();
    typeTitle("SEO tips");
    await wait(1500);
    expect(suggestionRequests(requests)).toHaveLength(1);
    expect(panel()).toBeEmptyDOMElement();
    expect(toasts()).toEqual(before);
  });
});
