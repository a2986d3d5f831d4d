import "../test/setup";
import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Toaster } from "../components/ui/toaster";
import { resetToasts, toast } from "./use-toast";

describe("toast store between tests", () => {
  it("shows a toast raised in this test", async () => {
    render(<Toaster />);
    toast({ title: "Connection saved" });
    expect(await screen.findByText("Connection saved")).toBeInTheDocument();
  });

  it("starts the next test with no toast left over from the one before", () => {
    render(<Toaster />);
    expect(screen.queryByText("Connection saved")).not.toBeInTheDocument();
    expect(screen.queryAllByRole("status")).toHaveLength(0);
  });

  it("resetToasts clears what is on screen", async () => {
    render(<Toaster />);
    toast({ title: "Publishing failed", variant: "destructive" });
    expect(await screen.findByText("Publishing failed")).toBeInTheDocument();
    resetToasts();
    await waitFor(() => expect(screen.queryByText("Publishing failed")).not.toBeInTheDocument());
  });
});
