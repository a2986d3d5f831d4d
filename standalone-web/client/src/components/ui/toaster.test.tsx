import "../../test/setup";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { toast } from "../../hooks/use-toast";
import { Toaster } from "./toaster";

function visibleToasts() {
  return within(screen.getByRole("region", { name: /notifications/i })).queryAllByRole("listitem");
}

describe("Toaster", () => {
  it("shows one notification at a time: the newest replaces the one on screen", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Code sent!", description: "Check your inbox." });
      toast({ title: "Verification failed", description: "Invalid verification code.", variant: "destructive" });
    });
    const shown = visibleToasts();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toHaveTextContent("Verification failed");
    expect(shown[0]).not.toHaveTextContent("Code sent!");
  });

  it("closes a notification from its close button", async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Message sent!" });
    });
    expect(visibleToasts()).toHaveLength(1);
    await userEvent.click(screen.getByRole("button", { name: "Close notification" }));
    expect(visibleToasts()).toHaveLength(0);
  });
});
