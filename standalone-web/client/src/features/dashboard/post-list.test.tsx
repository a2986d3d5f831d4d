import "../../test/setup";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, renderPage } from "../../test/render";
import { samplePost } from "./dashboard-test-data";
import { PostList } from "./post-list";

const posts = [1, 2, 3, 4, 5].map((id) =>
  samplePost({ id, title: `Post number ${id}`, status: id % 2 === 0 ? "published" : "draft" }),
);
const scheduled = [
  samplePost({
    id: 9,
    title: "Spring sale announcement",
    status: "scheduled",
    isScheduled: true,
    scheduledPublishDate: "2031-04-01T09:00:00.000Z",
    createdAt: "2026-03-01T09:00:00.000Z",
  }),
];

function titles(panel: HTMLElement) {
  return within(panel)
    .queryAllByRole("listitem")
    .map((li) => li.querySelector("span")?.textContent);
}

describe("PostList", () => {
  it("shows 3 posts per tab until View All, and opens the clicked one", async () => {
    fakeApi({ "GET /api/blog-posts": { body: posts }, "GET /api/blog-posts/scheduled": { body: scheduled } });
    const onSelect = vi.fn();
    renderPage(<PostList selectedId={null} onSelect={onSelect} />);

    await screen.findByText("Post number 1");
    const recent = screen.getByRole("tabpanel", { name: "Recent Posts" });
    expect(titles(recent)).toEqual(["Post number 1", "Post number 2", "Post number 3"]);
    expect(within(recent).getByText("Showing 3 of 5")).toBeInTheDocument();

    await userEvent.click(within(recent).getByRole("button", { name: "View All" }));
    expect(titles(recent)).toHaveLength(5);
    await userEvent.click(within(recent).getByRole("button", { name: "Show Less" }));
    expect(titles(recent)).toHaveLength(3);

    await userEvent.click(within(recent).getByRole("button", { name: /Post number 2/ }));
    expect(onSelect).toHaveBeenCalledWith(posts[1], "recent");
  });

  it("lists published posts, and scheduled posts with their publication date", async () => {
    fakeApi({ "GET /api/blog-posts": { body: posts }, "GET /api/blog-posts/scheduled": { body: scheduled } });
    renderPage(<PostList selectedId={null} onSelect={vi.fn()} />);
    await screen.findByText("Post number 1");

    await userEvent.click(screen.getByRole("tab", { name: "Published Blogs" }));
    const published = screen.getByRole("tabpanel", { name: "Published Blogs" });
    expect(titles(published)).toEqual(["Post number 2", "Post number 4"]);
    expect(within(published).queryByRole("button", { name: "View All" })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("tab", { name: "Scheduled Posts" }));
    const item = within(screen.getByRole("tabpanel", { name: "Scheduled Posts" })).getByRole("button");
    expect(item).toHaveTextContent("Spring sale announcement");
    expect(item).toHaveTextContent(/2031/);
    expect(item).not.toHaveTextContent(/2026/);
  });

  it("dates each post in the account's time zone, not the browser's", async () => {
    // 20:00 UTC on 1 March is already 2 March in Tokyo, the account's zone.
    fakeApi({
      "GET /api/auth/user": { body: { id: 1, email: "owner@example.com", timeZone: "Asia/Tokyo" } },
      "GET /api/blog-posts": {
        body: [samplePost({ id: 3, title: "Late night post", createdAt: "2026-03-01T20:00:00.000Z" })],
      },
      "GET /api/blog-posts/scheduled": { body: [] },
    });
    renderPage(<PostList selectedId={null} onSelect={vi.fn()} />);
    const item = (await screen.findByText("Late night post")).closest("button")!;
    await waitFor(() => expect(item).toHaveTextContent("Mar 2, 2026"));
  });

  it("says when a tab has nothing yet", async () => {
    fakeApi({ "GET /api/blog-posts": { body: [] }, "GET /api/blog-posts/scheduled": { body: [] } });
    renderPage(<PostList selectedId={null} onSelect={vi.fn()} />);
    expect(await screen.findByText("No blog posts yet. Generate your first post to see it here.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("tab", { name: "Scheduled Posts" }));
    expect(screen.getByText("No scheduled posts. Schedule a post to publish it later.")).toBeInTheDocument();
  });
});
