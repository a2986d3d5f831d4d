import "../../test/setup";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ContentEditor } from "./content-editor";

vi.mock("./quill-editor", () => {
  throw new Error("Failed to fetch dynamically imported module");
});

describe("ContentEditor when the editor cannot be loaded", () => {
  it("only logs the failure and still lets the HTML be edited", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    render(<ContentEditor value="<p>Hello</p>" onChange={() => {}} label="Post content" />);
    expect(await screen.findByRole("textbox", { name: "Post content" })).toHaveValue("<p>Hello</p>");
    expect(log).toHaveBeenCalledWith("The rich-text editor could not be loaded", expect.anything());
  });
});
