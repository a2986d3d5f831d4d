import "../../test/setup";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage } from "../../test/render";
import { CreatePostPanel } from "./create-post-panel";
import { findToast, samplePost } from "./dashboard-test-data";

const generated = {
  blogPost: samplePost(),
  generatedContent: { wordCount: 1240, readingTime: 6, seoScore: 82 },
  tierInfo: { usageRemaining: 4 },
};

function generateRequests(requests: ReturnType<typeof fakeApi>) {
  return requests.filter((r) => r.method === "POST" && r.path === "/api/blog-posts/generate");
}

describe("Create New Blog Post form", () => {
  it("keeps the optional fields and the featured images folded until wanted, so Generate stays close", async () => {
    fakeApi({});
    renderPage(<CreatePostPanel />);
    const user = userEvent.setup({ delay: null });
    const more = screen.getByText(/^More options/).closest("details")!;
    const images = screen.getByText(/^Featured Images/).closest("details")!;
    expect(more).not.toHaveAttribute("open");
    expect(images).not.toHaveAttribute("open");
    expect(more).toContainElement(screen.getByLabelText(/Company Name/));
    expect(more).toContainElement(screen.getByLabelText(/Additional SEO Instructions/));
    expect(screen.getByLabelText("Blog Title")).toBeVisible();
    expect(screen.getByLabelText("Target Keywords")).toBeVisible();
    await user.click(screen.getByText(/^More options/));
    expect(more).toHaveAttribute("open");
  });

  it("opens the folded options when one of their link rows needs attention", async () => {
    const requests = fakeApi({});
    renderPage(<CreatePostPanel />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText(/^More options/));
    await user.click(screen.getByRole("button", { name: "Add Link" }));
    await user.type(screen.getByLabelText("Link 1 URL"), "not an address");
    await user.type(screen.getByLabelText("Link 1 description"), "Our shop");
    await user.click(screen.getByText(/^More options/));
    const more = screen.getByText(/^More options/).closest("details")!;
    expect(more).not.toHaveAttribute("open");
    await user.type(screen.getByLabelText("Blog Title"), "Trail running shoes guide");
    await user.type(screen.getByLabelText("Target Keywords"), "trail running shoes");
    await user.click(screen.getByRole("button", { name: "Generate Blog Post" }));
    await waitFor(() => expect(more).toHaveAttribute("open"));
    expect(screen.getByLabelText("Link 1 URL")).toHaveFocus();
    expect(generateRequests(requests)).toHaveLength(0);
  });

  it("does not submit when Enter is pressed in a field; Enter in the instructions starts a new line", async () => {
    const requests = fakeApi({ "POST /api/blog-posts/generate": { body: generated } });
    renderPage(<CreatePostPanel />);
    const user = userEvent.setup({ delay: null });

    const title = screen.getByLabelText("Blog Title");
    await user.type(title, "Trail running shoes guide");
    await user.type(screen.getByLabelText("Target Keywords"), "trail running shoes");
    // The browser submits a form on Enter as the keydown's default action: the form cancels it in one-line fields.
    expect(fireEvent.keyDown(title, { key: "Enter" })).toBe(false);
    expect(fireEvent.keyDown(screen.getByLabelText("Target Keywords"), { key: "Enter" })).toBe(false);
    await user.type(title, "{Enter}");

    const instructions = screen.getByLabelText(/Additional SEO Instructions/);
    expect(fireEvent.keyDown(instructions, { key: "Enter" })).toBe(true);
    await user.type(instructions, "Friendly tone{Enter}Mention sizing");
    expect(instructions).toHaveValue("Friendly tone\nMention sizing");

    expect(generateRequests(requests)).toHaveLength(0);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("asks for a title and keywords before generating", async () => {
    const requests = fakeApi({});
    renderPage(<CreatePostPanel />);
    await userEvent.click(screen.getByRole("button", { name: "Generate Blog Post" }));
    expect(await screen.findByText("Title is required")).toHaveAttribute("role", "alert");
    expect(screen.getByText("Keywords are required")).toBeInTheDocument();
    expect(screen.getByLabelText("Blog Title")).toHaveFocus();

    // Commas and spaces alone are no keywords.
    await userEvent.type(screen.getByLabelText("Blog Title"), "Trail shoes");
    await userEvent.type(screen.getByLabelText("Target Keywords"), " , ,");
    await userEvent.click(screen.getByRole("button", { name: "Generate Blog Post" }));
    expect(await screen.findByText("Keywords are required")).toBeInTheDocument();
    expect(generateRequests(requests)).toHaveLength(0);
  });

  it("sends the keywords as a trimmed list and only the link rows with both parts filled", async () => {
    const requests = fakeApi({ "POST /api/blog-posts/generate": { body: generated } });
    renderPage(<CreatePostPanel />);
    const user = userEvent.setup({ delay: null });

    await user.type(screen.getByLabelText("Blog Title"), "  Trail running shoes guide ");
    await user.type(screen.getByLabelText(/Company Name/), "Trailhead Outfitters");
    await user.type(screen.getByLabelText("Target Keywords"), " trail shoes, ,running ,  fit guide,");
    await user.type(screen.getByLabelText(/Additional SEO Instructions/), "Friendly tone");

    // Row 1 complete, row 2 without a description, row 3 without an address.
    await user.type(screen.getByLabelText("Link 1 URL"), "https://trailhead.example/sizing");
    await user.type(screen.getByLabelText("Link 1 description"), "Our sizing guide");
    await user.click(screen.getByRole("button", { name: "Add Link" }));
    await user.type(screen.getByLabelText("Link 2 URL"), "https://trailhead.example/returns");
    await user.click(screen.getByRole("button", { name: "Add Link" }));
    await user.type(screen.getByLabelText("Link 3 description"), "Store locator");
    // A row can be removed again.
    await user.click(screen.getByRole("button", { name: "Add Link" }));
    await user.type(screen.getByLabelText("Link 4 URL"), "https://trailhead.example/old");
    await user.type(screen.getByLabelText("Link 4 description"), "Removed before sending");
    await user.click(screen.getByRole("button", { name: "Remove link 4" }));

    await user.click(screen.getByRole("button", { name: "Generate Blog Post" }));
    await waitFor(() => expect(generateRequests(requests)).toHaveLength(1));
    expect(generateRequests(requests)[0]?.body).toEqual({
      title: "Trail running shoes guide",
      keywords: ["trail shoes", "running", "fit guide"],
      companyName: "Trailhead Outfitters",
      seoInstructions: "Friendly tone",
      links: [{ url: "https://trailhead.example/sizing", description: "Our sizing guide" }],
      images: [],
    });
    expect(await findToast("Blog post generated successfully!")).toHaveTextContent(
      "4 blog posts remaining this month.",
    );
  });

  it("sends the focus keyphrase only when the owner chose one, suggesting the first keyword meanwhile", async () => {
    const requests = fakeApi({ "POST /api/blog-posts/generate": { body: generated } });
    renderPage(<CreatePostPanel />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("Blog Title"), "Trail running shoes guide");
    await user.type(screen.getByLabelText("Target Keywords"), "trail shoes, running");
    const focus = screen.getByLabelText(/Focus Keyphrase/);
    expect(focus).toHaveAttribute("placeholder", "trail shoes");
    await user.type(focus, " running shoes for trails ");
    await user.click(screen.getByRole("button", { name: "Generate Blog Post" }));
    await waitFor(() => expect(generateRequests(requests)).toHaveLength(1));
    expect(generateRequests(requests)[0]?.body).toMatchObject({
      keywords: ["trail shoes", "running"],
      focusKeyphrase: "running shoes for trails",
    });
  });

  it("points at a complete link row whose address is not a web address, and sends nothing", async () => {
    const requests = fakeApi({ "POST /api/blog-posts/generate": { body: generated } });
    renderPage(<CreatePostPanel />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("Blog Title"), "Trail running shoes guide");
    await user.type(screen.getByLabelText("Target Keywords"), "trail shoes");
    await user.type(screen.getByLabelText("Link 1 URL"), "trailhead sizing page");
    await user.type(screen.getByLabelText("Link 1 description"), "Our sizing guide");
    await user.click(screen.getByRole("button", { name: "Generate Blog Post" }));
    expect(await screen.findByText("Each link must be a full http(s) address")).toBeInTheDocument();
    expect(screen.getByLabelText("Link 1 URL")).toHaveAttribute("aria-invalid", "true");
    expect(generateRequests(requests)).toHaveLength(0);
  });
});
