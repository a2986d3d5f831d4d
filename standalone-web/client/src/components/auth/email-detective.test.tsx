import "../../test/setup";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { EmailDetective } from "./email-detective";

function currentStep() {
  return screen.getAllByRole("listitem").findIndex((item) => item.getAttribute("aria-current") === "step") + 1;
}

describe("EmailDetective", () => {
  it("moves through its four stages every 2 seconds, stops at the last, and can be replayed", () => {
    vi.useFakeTimers();
    render(<EmailDetective email="ada@example.com" />);
    expect(screen.getAllByRole("listitem")).toHaveLength(4);
    expect(currentStep()).toBe(1);
    expect(screen.queryByRole("button", { name: "Replay" })).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1999));
    expect(currentStep()).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(currentStep()).toBe(2);
    act(() => vi.advanceTimersByTime(2000));
    expect(currentStep()).toBe(3);
    act(() => vi.advanceTimersByTime(2000));
    expect(currentStep()).toBe(4);

    // It stops: no timer is left running.
    act(() => vi.advanceTimersByTime(60_000));
    expect(currentStep()).toBe(4);
    expect(vi.getTimerCount()).toBe(0);

    fireEvent.click(screen.getByRole("button", { name: "Replay" }));
    expect(currentStep()).toBe(1);
    act(() => vi.advanceTimersByTime(2000));
    expect(currentStep()).toBe(2);
  });

  it("shows the finished trail at once, without replay, when reduced motion is asked for", () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      "matchMedia",
      (query: string) =>
        ({
          matches: query.includes("reduce"),
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    );
    render(<EmailDetective />);
    expect(currentStep()).toBe(4);
    expect(vi.getTimerCount()).toBe(0);
    expect(screen.queryByRole("button", { name: "Replay" })).not.toBeInTheDocument();
  });
});
