import "../../test/setup";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage } from "../../test/render";
import { BlogResult } from "./blog-result";
import { findToast, samplePost } from "./dashboard-test-data";
import { normalizeEditorHtml } from "./quill-editor";

describe("editing a post's content", () => {
  it("loads the editor on demand, saves the content through PATCH and returns to the read view", async () => {
    const post = samplePost({ id: 4, seoScore: 62 });
    const requests = fakeApi({
      "PATCH /api/blog-posts/4": (request) => ({
        body: {
          ...post,
          htmlContent: (request.body as { htmlContent: string }).htmlContent,
          seoScore: 91,
          wordCount: 1300,
        },
      }),
    });
    renderPage(<BlogResult post={post} />);
    await userEvent.click(screen.getByRole("button", { name: "Edit Content" }));
    const editor = await screen.findByRole("textbox", { name: `Content of ${post.title}` }, { timeout: 5000 });
    expect(editor).toHaveTextContent("Why fit matters");
    expect(document.querySelector(".ql-toolbar .ql-header")).not.toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await findToast("Content updated")).toHaveTextContent("Blog post content has been saved successfully.");
    const sent = requests.find((r) => r.method === "PATCH")?.body as { htmlContent: string };
    expect(sent.htmlContent).toContain("Why fit matters");
    expect(sent.htmlContent).not.toContain("&nbsp;");
    // Back to the read view.
    expect(screen.queryByRole("button", { name: "Save Changes" })).toBeNull();
    expect(screen.getByRole("button", { name: "Edit Content" })).toBeInTheDocument();
  });

  it("keeps the editor open and says why when saving fails; Cancel restores the saved content", async () => {
    const post = samplePost({ id: 4 });
    fakeApi({ "PATCH /api/blog-posts/4": { status: 400, body: { message: "Content cannot be empty" } } });
    renderPage(<BlogResult post={post} />);
    await userEvent.click(screen.getByRole("button", { name: "Edit Content" }));
    await screen.findByRole("textbox", { name: `Content of ${post.title}` }, { timeout: 5000 });
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await findToast("Save failed")).toHaveTextContent("Content cannot be empty");
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("textbox", { name: `Content of ${post.title}` })).toBeNull());
    expect(screen.getByRole("heading", { name: "Why fit matters" })).toBeInTheDocument();
  });
});

describe("normalizeEditorHtml", () => {
  it("gives back ordinary spaces so text wraps, keeping the width of runs of spaces", () => {
    expect(normalizeEditorHtml("<p>Trail&nbsp;running&nbsp;shoes</p>")).toBe("<p>Trail running shoes</p>");
    expect(normalizeEditorHtml("<p>a&nbsp;&nbsp;&nbsp;b</p>")).toBe("<p>a&nbsp;&nbsp; b</p>");
  });
});
