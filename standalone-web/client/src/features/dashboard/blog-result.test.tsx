import "../../test/setup";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage } from "../../test/render";
import { BlogResult } from "./blog-result";
import { samplePost } from "./dashboard-test-data";
import { seoRating } from "./seo-rating";

describe("seoRating", () => {
  it("names the bands at 90, 70 and 50 and changes colour at 90 and 70", () => {
    expect(
      [100, 90, 89, 70, 69, 50, 49, 0].map((score) => [score, seoRating(score).label, seoRating(score).tone]),
    ).toEqual([
      [100, "Excellent", "green"],
      [90, "Excellent", "green"],
      [89, "Good", "yellow"],
      [70, "Good", "yellow"],
      [69, "Fair", "red"],
      [50, "Fair", "red"],
      [49, "Needs Improvement", "red"],
      [0, "Needs Improvement", "red"],
    ]);
  });
});

function scoreBox() {
  return screen.getByText("SEO Score").parentElement!;
}

describe("BlogResult", () => {
  it("shows the day the post was created in the account's time zone, not the browser's", async () => {
    // 20:00 UTC on 1 March is already 2 March in Tokyo, the account's zone.
    fakeApi({ "GET /api/auth/user": { body: { id: 1, email: "owner@example.com", timeZone: "Asia/Tokyo" } } });
    renderPage(<BlogResult post={samplePost({ createdAt: "2026-03-01T20:00:00.000Z" })} />);
    await waitFor(() => expect(screen.getByText(/^Created /)).toHaveTextContent("Created Mar 2, 2026"));
  });

  it("shows the meta description, figures, rated score, the checks behind it, keywords, status and date", () => {
    fakeApi({});
    renderPage(<BlogResult post={samplePost({ seoScore: 92, createdAt: "2026-03-02T10:00:00.000Z" })} />);

    expect(
      screen.getAllByText("Find trail running shoes that fit: grip, cushioning and sizing explained.").length,
    ).toBeGreaterThan(0);
    expect(screen.getByText("1,240")).toBeInTheDocument();
    expect(screen.getByText("~6 minutes")).toBeInTheDocument();
    expect(scoreBox()).toHaveTextContent("92/100Excellent");
    expect(scoreBox()).toHaveAttribute("data-tone", "green");
    expect(within(scoreBox()).getByText("Excellent")).toHaveClass("text-success");

    const keywords = within(screen.getByRole("list", { name: "Target keywords" })).getAllByRole("listitem");
    expect(keywords.map((k) => k.textContent)).toEqual(["trail running shoes", "shoe fitting"]);
    expect(screen.getByText("draft")).toHaveClass("text-warning");
    expect(screen.getByText(/^Created /)).toHaveTextContent(/2026/);

    const checks = within(screen.getByRole("list", { name: "SEO checks" })).getAllByRole("listitem");
    expect(checks.map((c) => c.textContent)).toEqual([
      "Keyphrase in title (Passed): The title contains the keyphrase.",
      "Meta description length (Could be better): Make it a little longer.",
      "Internal links (Failed): Add a link to one of your pages.",
    ]);
    expect(screen.getByRole("heading", { name: "Why fit matters" })).toBeInTheDocument();
  });

  it("shows how close the post reads to the site's voice beside the score, and nothing without a voice", () => {
    fakeApi({});
    const voiceMatch = {
      distance: 0.16,
      match: 84,
      parts: { functionWords: 0.2, sentenceLengths: 0.1, person: 0.15, spelling: null },
    };
    const { unmount } = renderPage(<BlogResult post={samplePost({ voiceMatch })} />);
    const figure = screen.getByText("Brand voice match").parentElement!;
    expect(figure).toHaveTextContent("84/100Reads like your site");
    expect(figure).toHaveTextContent("common words, sentence length, person and spelling");
    unmount();

    renderPage(<BlogResult post={samplePost({ voiceMatch: null })} />);
    expect(screen.queryByText("Brand voice match")).not.toBeInTheDocument();
  });

  it("colours Good yellow, and Fair and below red", () => {
    fakeApi({});
    const { unmount } = renderPage(<BlogResult post={samplePost({ seoScore: 75 })} />);
    expect(scoreBox()).toHaveTextContent("75/100Good");
    expect(scoreBox()).toHaveAttribute("data-tone", "yellow");
    unmount();
    renderPage(<BlogResult post={samplePost({ seoScore: 55, status: "published" })} />);
    expect(scoreBox()).toHaveTextContent("55/100Fair");
    expect(scoreBox()).toHaveAttribute("data-tone", "red");
    expect(screen.getByText("published")).toHaveClass("text-success");
  });

  it("labels a post from the offline writer as written without an AI model", () => {
    fakeApi({});
    const { unmount } = renderPage(<BlogResult post={samplePost({ generator: "offline" })} />);
    expect(screen.getByRole("note")).toHaveTextContent("Written without an AI model");
    unmount();
    renderPage(<BlogResult post={samplePost({ generator: "ai:gpt-test", status: "failed" })} />);
    expect(screen.queryByText("Written without an AI model")).not.toBeInTheDocument();
    expect(screen.getByText("failed")).toHaveClass("text-destructive");
  });
});
