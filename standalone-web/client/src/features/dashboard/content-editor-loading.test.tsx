import "../../test/setup";
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ContentEditor } from "./content-editor";

// The editor's module arrives when the test says so, as over a slow connection.
let arrive: () => void = () => {};
const arrived = new Promise<void>((resolve) => (arrive = resolve));
vi.mock("./quill-editor", async () => {
  await arrived;
  return { default: ({ label }: { label: string }) => <div role="textbox" aria-label={label} /> };
});

describe("ContentEditor", () => {
  it('shows "Loading editor..." until the editor has loaded', async () => {
    render(<ContentEditor value="<p>Hello</p>" onChange={() => {}} label="Post content" />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading editor...");
    expect(screen.queryByRole("textbox")).toBeNull();
    await act(async () => arrive());
    expect(await screen.findByRole("textbox", { name: "Post content" })).toBeInTheDocument();
    expect(screen.queryByText("Loading editor...")).toBeNull();
  });
});
