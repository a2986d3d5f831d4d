import "../../test/setup";
import type { WrittenPartView } from "@postwright/core/contracts";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { GenerationProgress } from "./generation-progress";
import { withPart, type GenerationProgress as Progress } from "./use-generate-post";

const start = (): Progress => ({ stage: "writing", startedAt: Date.now(), parts: [], total: null, latest: null });

const intro: WrittenPartView = { index: 0, total: 4, kind: "introduction", heading: null, html: "<p>Trail shoes matter.</p>" };
const second: WrittenPartView = {
  index: 2,
  total: 4,
  kind: "section",
  heading: "Fit and Feel",
  html: "<h2>Fit and Feel</h2><p>Try them on late in the day.</p>",
};
const first: WrittenPartView = {
  index: 1,
  total: null,
  kind: "section",
  heading: "Grip",
  html: "<h2>Grip</h2><p>Lugs of 4 mm or more.</p>",
};

const items = () => within(screen.getByRole("region", { name: "Your post so far" })).getAllByRole("listitem");

describe("GenerationProgress", () => {
  it("counts the time since the request started, minutes and seconds", () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    vi.setSystemTime(new Date(2026, 2, 10, 12, 0, 0));
    render(<GenerationProgress progress={{ ...start(), stage: null }} />);
    expect(screen.getByTestId("generation-elapsed")).toHaveTextContent("0:00");
    // Before the server names a stage, the first one is shown as under way.
    expect(screen.getByRole("status")).toHaveTextContent("Planning");
    act(() => {
      vi.advanceTimersByTime(65_000);
    });
    expect(screen.getByTestId("generation-elapsed")).toHaveTextContent("1:05");
    vi.useRealTimers();
  });

  it("shows no post before the first part is written", () => {
    render(<GenerationProgress progress={start()} />);
    expect(screen.queryByRole("heading", { name: "Your post so far" })).toBeNull();
  });

  it("shows the parts in reading order as they finish, with a placeholder for each part still being written", () => {
    // The second section finishes first, then the introduction; the outline (4 parts) is known by then.
    let progress = withPart(start(), second);
    const { rerender } = render(<GenerationProgress progress={progress} />);
    expect(screen.getByRole("heading", { name: "Your post so far" })).toBeInTheDocument();
    expect(items().map((li) => li.textContent)).toEqual([
      "Introduction: being written...",
      "Section 1: being written...",
      "Fit and FeelTry them on late in the day.",
      "Conclusion: being written...",
    ]);
    expect(screen.getByRole("heading", { name: "Fit and Feel", level: 2 })).toBeInTheDocument();
    expect(screen.getByTestId("post-so-far-count")).toHaveTextContent("1 of 4 parts written");
    const announcement = screen.getByTestId("post-so-far-announcement");
    expect(announcement).toHaveAttribute("aria-live", "polite");
    expect(announcement).toHaveTextContent("Fit and Feel written. 1 of 4 parts written.");

    progress = withPart(progress, intro);
    progress = withPart(progress, first);
    rerender(<GenerationProgress progress={progress} />);
    expect(items().map((li) => li.textContent)).toEqual([
      "Trail shoes matter.",
      "GripLugs of 4 mm or more.",
      "Fit and FeelTry them on late in the day.",
      "Conclusion: being written...",
    ]);
    // A part without a total keeps the one already known; screen readers hear of the newest part only.
    expect(screen.getByTestId("post-so-far-count")).toHaveTextContent("3 of 4 parts written");
    expect(announcement).toHaveTextContent("Grip written. 3 of 4 parts written.");
    expect(screen.getByRole("list", { busy: true })).toBeInTheDocument();
  });

  it("lists the parts it has while the outline is unknown, and a part sent again replaces the first", () => {
    let progress = withPart(start(), { ...first, html: "<h2>Grip</h2><p>Draft.</p>" });
    progress = withPart(progress, { ...intro, total: null });
    progress = withPart(progress, first);
    render(<GenerationProgress progress={progress} />);
    expect(items().map((li) => li.textContent)).toEqual(["Trail shoes matter.", "GripLugs of 4 mm or more."]);
    expect(screen.getByTestId("post-so-far-count")).toHaveTextContent("2 parts written");
  });

  it("lets keyboard users reach and scroll the post so far, without taking the focus as parts arrive", async () => {
    const user = userEvent.setup();
    const progress = withPart(start(), intro);
    const { rerender } = render(<GenerationProgress progress={progress} onCancel={() => {}} />);
    const box = screen.getByRole("region", { name: "Your post so far" });
    await user.tab();
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.tab();
    expect(box).toHaveFocus();
    rerender(<GenerationProgress progress={withPart(progress, second)} onCancel={() => {}} />);
    expect(box).toHaveFocus();
  });
});
