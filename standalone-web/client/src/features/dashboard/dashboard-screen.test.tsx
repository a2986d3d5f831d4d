import "../../test/setup";
import type { BlogPostView, GeneratePostResponse } from "@postwright/core/contracts";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderPage, type FakeReply, type FakeRequest } from "../../test/render";
import { PostPage } from "../../pages/post";
import { DashboardScreen } from "./dashboard-screen";
import { toast } from "../../hooks/use-toast";
import { findToast, sampleDetails, samplePost } from "./dashboard-test-data";

const connection = {
  id: 1,
  storeName: "Trailhead",
  storeUrl: "trailhead.myshopify.com",
  blogId: "gid://shopify/Blog/1",
  isActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
};

type Routes = Record<string, FakeReply | ((request: FakeRequest) => FakeReply)>;

function dashboardApi(posts: BlogPostView[] = [], extra: Routes = {}) {
  let list = posts;
  const requests = fakeApi({
    "GET /api/blog-posts": () => ({ body: list }),
    "GET /api/blog-posts/scheduled": () => ({ body: list.filter((p) => p.isScheduled) }),
    "GET /api/shopify/connection": { body: connection },
    "GET /api/wordpress/connection": { status: 404, body: { message: "No WordPress connection" } },
    "GET /api/subscription/details": { body: sampleDetails("starter", 30) },
    ...extra,
  });
  return { requests, setPosts: (next: BlogPostView[]) => (list = next) };
}

/** A server-sent event stream the test writes to, as the generate endpoint answers with Accept: text/event-stream. */
function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { "Content-Type": "text/event-stream; charset=utf-8" } }),
    write: (text: string) => act(async () => controller.enqueue(encoder.encode(text))),
    send: (event: string, data: unknown) =>
      act(async () => controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`))),
  };
}

/** Answers POST /api/blog-posts/generate with `answer`; everything else goes to the fake API. */
function interceptGenerate(answer: () => Response) {
  const api = globalThis.fetch;
  const seen: RequestInit[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      if (String(input) === "/api/blog-posts/generate") {
        seen.push(init);
        return Promise.resolve(answer());
      }
      return api(input, init);
    }),
  );
  return seen;
}

async function fillAndGenerate() {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText("Blog Title"), "Trail running shoes guide");
  await user.type(screen.getByLabelText("Target Keywords"), "trail running shoes");
  await user.click(screen.getByRole("button", { name: "Generate Blog Post" }));
}

function stage(name: string) {
  return within(screen.getByRole("list", { name: "Generation stages" }))
    .getAllByRole("listitem")
    .find((li) => li.textContent?.includes(name))!;
}

// The publishing platform choice lasts for the tab (sessionStorage): each test starts with none made.
beforeEach(() => window.sessionStorage.clear());

/** The dashboard, with the post page it opens posts on. */
const renderDashboard = () => renderPage(<DashboardScreen />, { routes: { "/posts/:id": <PostPage /> } });
const renderPost = (id: number) => renderPage(<PostPage />, { path: "/posts/:id", at: `/posts/${id}` });

const newPost = samplePost({ id: 42, title: "Trail Running Shoes: The Complete Guide" });
const generated: GeneratePostResponse = {
  blogPost: newPost,
  generatedContent: { wordCount: newPost.wordCount, readingTime: newPost.readingTime, seoScore: newPost.seoScore },
  tierInfo: { usageRemaining: -1 },
};

describe("dashboard generation", () => {
  it("follows the generation stage by stage from the event stream, then opens the new post on its page", async () => {
    const { setPosts } = dashboardApi();
    const stream = eventStream();
    const seen = interceptGenerate(() => stream.response);
    const scrolled = vi.spyOn(HTMLElement.prototype, "scrollIntoView");
    renderDashboard();
    await fillAndGenerate();

    const progress = await screen.findByRole("heading", { name: "Generating your blog post" });
    // The progress comes into view (the form may have been scrolled past) and says where the writer is.
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect(scrolled.mock.contexts.some((node) => (node as HTMLElement).contains(progress))).toBe(true);
    expect(seen[0]?.headers).toMatchObject({ Accept: expect.stringContaining("text/event-stream") });
    expect(screen.getByRole("button", { name: "Generating..." })).toBeDisabled();

    await stream.send("stage", { stage: "planning" });
    expect(stage("Planning")).toHaveAttribute("aria-current", "step");
    expect(stage("Planning")).toHaveTextContent("(in progress)");
    expect(screen.getByText(/^Planning: outlining the post/)).toHaveAttribute("aria-live", "polite");

    // An event split across chunks, and a heartbeat comment, are read as the server meant them.
    await stream.write('event: stage\ndata: {"stage":"wri');
    await stream.write('ting"}\n\n: heartbeat\n\n');
    expect(stage("Planning")).toHaveTextContent("(done)");
    expect(stage("Writing")).toHaveAttribute("aria-current", "step");
    expect(stage("Reviewing")).toHaveTextContent("(waiting)");

    // The post shows as it is written, in reading order, whatever order its parts finish in.
    await stream.send("part", {
      index: 2,
      total: 3,
      kind: "conclusion",
      heading: "Ready to Run",
      html: "<h2>Ready to Run</h2><p>Lace up.</p>",
    });
    await stream.send("part", { index: 0, total: 3, kind: "introduction", heading: null, html: "<p>Trails vary.</p>" });
    const soFar = screen.getByRole("region", { name: "Your post so far" });
    expect(within(soFar).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Trails vary.",
      "Section 1: being written...",
      "Ready to RunLace up.",
    ]);
    expect(screen.getByTestId("post-so-far-announcement")).toHaveTextContent("Introduction written. 2 of 3 parts written.");

    await stream.send("stage", { stage: "reviewing" });
    expect(stage("Writing")).toHaveTextContent("(done)");
    expect(stage("Reviewing")).toHaveAttribute("aria-current", "step");

    setPosts([newPost]);
    await stream.send("result", generated);
    expect(await findToast("Blog post generated successfully!")).toHaveTextContent("Unlimited blog posts remaining.");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/posts\/42$/));
    const preview = await screen.findByRole("region", { name: "Blog Preview" }, { timeout: 5000 });
    expect(within(preview).getByRole("heading", { name: newPost.title })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Create New Blog Post" })).toBeNull();
    // The finished post replaces the parts.
    expect(screen.queryByRole("region", { name: "Your post so far" })).toBeNull();
    expect(screen.getByRole("link", { name: "Back to dashboard" })).toHaveAttribute("href", "/");
    scrolled.mockRestore();
    // A whole generation with its page change: more than the default five seconds on a busy machine.
  }, 20_000);

  it("shows the server's reason when the stream ends in an error", async () => {
    dashboardApi();
    const stream = eventStream();
    interceptGenerate(() => stream.response);
    renderDashboard();
    await fillAndGenerate();
    await stream.send("stage", { stage: "planning" });
    await stream.send("error", { status: 502, message: "The AI service did not answer in time. Please try again." });
    expect(await findToast("Generation failed")).toHaveTextContent(
      "The AI service did not answer in time. Please try again.",
    );
    expect(screen.queryByRole("heading", { name: "Generating your blog post" })).toBeNull();
    expect(screen.getByRole("button", { name: "Generate Blog Post" })).toBeEnabled();
  });

  it("lets the upgrade card speak when the monthly limit is reached, without a toast", async () => {
    let remaining = 1;
    const { requests } = dashboardApi([], {
      "GET /api/subscription/details": () => ({ body: sampleDetails("free", remaining) }),
      "POST /api/blog-posts/generate": () => {
        remaining = 0;
        return {
          status: 403,
          body: { message: "Monthly blog post limit exceeded for the Free plan (5 posts). Upgrade to generate more." },
        };
      },
    });
    renderPage(<DashboardScreen />);
    expect(await screen.findByRole("heading", { name: "Running low on blog posts" })).toBeInTheDocument();
    // One notification shows at a time: any new one would replace this marker.
    act(() => void toast({ title: "Marker" }));
    await fillAndGenerate();
    const card = await screen.findByRole("heading", { name: "Upgrade Required" });
    expect(card.closest("[tabindex='-1']")).toHaveFocus();
    expect(requests.filter((r) => r.path === "/api/subscription/details")).toHaveLength(2);
    expect(await findToast("Marker")).toBeInTheDocument();
  });

  it("on 401 says the session ended and goes to the login page after a moment", async () => {
    dashboardApi([], { "POST /api/blog-posts/generate": { status: 401, body: { message: "Unauthorized" } } });
    renderPage(<DashboardScreen />);
    await fillAndGenerate();
    expect(await findToast("Unauthorized")).toHaveTextContent("You are logged out. Logging in again...");
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/);
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
  });
});

describe("the post page and publishing", () => {
  it("opens a post from the dashboard's list on its own page, and goes back to the dashboard", async () => {
    dashboardApi([samplePost({ id: 5, title: "Five trail tips" })]);
    renderDashboard();
    await userEvent.click(await screen.findByRole("button", { name: /Five trail tips/ }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/posts\/5$/));
    const preview = await screen.findByRole("region", { name: "Blog Preview" }, { timeout: 5000 });
    expect(within(preview).getByRole("heading", { name: "Five trail tips" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "Back to dashboard" }));
    expect(await screen.findByRole("heading", { name: "Create New Blog Post" })).toBeInTheDocument();
  });

  it("says so when the post does not exist", async () => {
    dashboardApi([samplePost({ id: 5 })]);
    renderPost(77);
    expect(await screen.findByRole("heading", { name: "Post not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See your posts" })).toHaveAttribute("href", "/posts");
  });

  it("publishes the opened post to the chosen platform and shows where it is live", async () => {
    const post = samplePost({ id: 5, title: "Five trail tips" });
    const published = {
      ...post,
      status: "published" as const,
      publications: [
        {
          platform: "shopify" as const,
          status: "published",
          remoteUrl: "https://trailhead.example/blogs/news/five-trail-tips",
          lastError: null,
          publishedAt: "2026-03-03T10:00:00.000Z",
        },
      ],
    };
    const { requests, setPosts } = dashboardApi([post], {
      "POST /api/blog-posts/5/publish/shopify": () => {
        setPosts([published]);
        return { body: { blogPost: published } };
      },
    });
    renderPost(5);
    const preview = await screen.findByRole("region", { name: "Blog Preview" }, { timeout: 5000 });

    await userEvent.click(within(preview).getByRole("button", { name: "Publish to Shopify" }));
    expect(await findToast("Published to Shopify!")).toBeInTheDocument();
    expect(requests.some((r) => r.method === "POST" && r.path === "/api/blog-posts/5/publish/shopify")).toBe(true);
    expect(within(preview).getByText("Published")).toBeInTheDocument();
    expect(within(preview).getByRole("link", { name: /View on Shopify/ })).toHaveAttribute(
      "href",
      "https://trailhead.example/blogs/news/five-trail-tips",
    );
    expect(within(preview).getByRole("button", { name: "Republish to Shopify" })).toBeEnabled();
  });

  it("reports a failed publication with the reason and the hint to check the connection", async () => {
    const post = samplePost({ id: 6, title: "Six trail tips" });
    dashboardApi([post], {
      "POST /api/blog-posts/6/publish/shopify": {
        status: 502,
        body: { message: "Shopify rejected the access token." },
      },
    });
    renderPost(6);
    const preview = await screen.findByRole("region", { name: "Blog Preview" }, { timeout: 5000 });
    await userEvent.click(within(preview).getByRole("button", { name: "Publish to Shopify" }));
    expect(await findToast("Shopify publishing failed")).toHaveTextContent(
      "Shopify rejected the access token. Please check your connection.",
    );
  });

  it("shows a scheduled post's date and cancels its schedule; shows why a failed post failed", async () => {
    const scheduled = samplePost({
      id: 8,
      title: "Spring sale",
      status: "scheduled",
      isScheduled: true,
      scheduledPublishDate: "2031-04-01T09:00:00.000Z",
      scheduledPlatforms: ["shopify"],
    });
    const failed = samplePost({
      id: 9,
      title: "Winter boots",
      status: "failed",
      lastError: "WordPress: the site did not answer.",
    });
    const { requests, setPosts } = dashboardApi([scheduled, failed], {
      "DELETE /api/blog-posts/8/schedule": () => {
        const draft = {
          ...scheduled,
          status: "draft" as const,
          isScheduled: false,
          scheduledPublishDate: null,
          scheduledPlatforms: [],
        };
        setPosts([draft, failed]);
        return { body: { blogPost: draft } };
      },
    });
    const { unmount } = renderPost(8);
    const preview = await screen.findByRole("region", { name: "Blog Preview" }, { timeout: 5000 });
    expect(within(preview).getByText(/Scheduled for/)).toHaveTextContent(/2031/);
    expect(within(preview).getByRole("button", { name: "Reschedule" })).toBeInTheDocument();

    await userEvent.click(within(preview).getByRole("button", { name: "Cancel Schedule" }));
    expect(await findToast("Schedule cancelled")).toBeInTheDocument();
    expect(requests.some((r) => r.method === "DELETE" && r.path === "/api/blog-posts/8/schedule")).toBe(true);
    await waitFor(() => expect(within(preview).queryByText(/Scheduled for/)).toBeNull());
    expect(within(preview).getByRole("button", { name: "Schedule" })).toBeInTheDocument();

    unmount();
    renderPost(9);
    const failedPreview = await screen.findByRole("region", { name: "Blog Preview" }, { timeout: 5000 });
    expect(await within(failedPreview).findByRole("alert")).toHaveTextContent("WordPress: the site did not answer.");
  });

  it("starts on WordPress when WordPress is the only platform connected, until the member chooses", async () => {
    dashboardApi([], {
      "GET /api/shopify/connection": { body: null },
      "GET /api/wordpress/connection": {
        body: { id: 2, siteName: "Roastery", siteUrl: "https://roastery.example", username: "sam", isActive: true },
      },
    });
    renderDashboard();
    const wordpress = screen.getByRole("button", { name: /^WordPress/ });
    await waitFor(() => expect(wordpress).toHaveAttribute("aria-pressed", "true"));
    expect(wordpress).toHaveTextContent("Connected");
    expect(screen.getByRole("button", { name: /^Shopify/ })).toHaveAttribute("aria-pressed", "false");

    await userEvent.click(screen.getByRole("button", { name: /^Shopify/ }));
    expect(screen.getByRole("button", { name: /^Shopify/ })).toHaveAttribute("aria-pressed", "true");
  });

  it("publishes nowhere when no platform is chosen, and keeps the choice made on the dashboard", async () => {
    dashboardApi([samplePost({ id: 3, title: "Three trail tips" })]);
    renderDashboard();
    await userEvent.click(await screen.findByRole("button", { name: /Three trail tips/ }));
    const preview = await screen.findByRole("region", { name: "Blog Preview" }, { timeout: 5000 });

    const shopify = screen.getByRole("button", { name: /^Shopify/ });
    expect(shopify).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(shopify);
    expect(shopify).toHaveAttribute("aria-pressed", "false");
    expect(within(preview).getByRole("button", { name: "Publish" })).toBeDisabled();
    expect(within(preview).getByText("Choose a publishing platform to publish this post.")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: /^WordPress/ }));
    expect(within(preview).getByRole("button", { name: "Publish to WordPress" })).toBeDisabled();
    expect(within(preview).getByText("Connect WordPress to publish this post.")).toBeInTheDocument();

    // Back on the dashboard, WordPress is still the choice, with its connection form.
    await userEvent.click(screen.getByRole("link", { name: "Back to dashboard" }));
    expect(await screen.findByLabelText("Application Password")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^WordPress/ })).toHaveAttribute("aria-pressed", "true");
  });
});
