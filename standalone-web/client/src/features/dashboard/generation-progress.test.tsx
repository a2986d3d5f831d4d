import "../../test/setup";
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { GenerationProgress } from "./generation-progress";

describe("GenerationProgress", () => {
  it("counts the time since the request started, minutes and seconds", () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    vi.setSystemTime(new Date(2026, 2, 10, 12, 0, 0));
    render(<GenerationProgress progress={{ stage: null, startedAt: Date.now() }} />);
    expect(screen.getByTestId("generation-elapsed")).toHaveTextContent("0:00");
    // Before the server names a stage, the first one is shown as under way.
    expect(screen.getByRole("status")).toHaveTextContent("Planning");
    act(() => {
      vi.advanceTimersByTime(65_000);
    });
    expect(screen.getByTestId("generation-elapsed")).toHaveTextContent("1:05");
  });
});
