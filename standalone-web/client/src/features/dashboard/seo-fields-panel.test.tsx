import "../../test/setup";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage } from "../../test/render";
import { samplePost } from "./dashboard-test-data";
import { previewBreadcrumb, SeoFieldsPanel } from "./seo-fields-panel";

const store = {
  id: 1,
  storeName: "Trailhead",
  storeUrl: "trailhead.myshopify.com",
  blogId: "gid://shopify/Blog/1",
  isActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
};
const site = {
  id: 2,
  siteName: "Coffee notes",
  siteUrl: "https://coffee.example/journal",
  username: "",
  isActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  via: "plugin" as const,
  lastUsedAt: null,
};

describe("the Google preview's address", () => {
  const draft = samplePost();
  it("is the connected site of the chosen platform, never this service's host", () => {
    expect(previewBreadcrumb(draft, "shopify", store, site)).toEqual(["trailhead.myshopify.com", "blogs"]);
    expect(previewBreadcrumb(draft, "wordpress", store, site)).toEqual(["coffee.example", "journal"]);
    // The chosen platform is not connected: the site that is.
    expect(previewBreadcrumb(draft, "wordpress", store, null)).toEqual(["trailhead.myshopify.com", "blogs"]);
    expect(previewBreadcrumb(draft, null, null, site)).toEqual(["coffee.example", "journal"]);
  });

  it("shows the connected store's blogs before the slug", async () => {
    fakeApi({ "GET /api/shopify/connection": { body: store } });
    renderPage(<SeoFieldsPanel post={samplePost({ slug: "pour-over-coffee" })} />);
    const preview = screen.getByRole("figure", { name: "Google preview" });
    await waitFor(() => expect(preview).toHaveTextContent("trailhead.myshopify.com › blogs › pour-over-coffee"));
  });

  it("is a neutral your-site.com with nothing connected", () => {
    expect(previewBreadcrumb(draft, "shopify", null, null)).toEqual(["your-site.com"]);
  });

  it("is where a published post lives, without its old slug", () => {
    const published = samplePost({
      publications: [
        {
          platform: "shopify",
          status: "published",
          remoteUrl: "https://shop.trailhead.example/blogs/news/old-slug",
          lastError: null,
          publishedAt: "2026-03-03T10:00:00.000Z",
        },
      ],
    });
    expect(previewBreadcrumb(published, "wordpress", store, site)).toEqual(["shop.trailhead.example", "blogs", "news"]);
  });
});

describe("SeoFieldsPanel", () => {
  it("previews the Google result, measures the SEO title as it is typed and saves only the changed fields", async () => {
    const post = samplePost({ id: 4 });
    const requests = fakeApi({
      "PATCH /api/blog-posts/4": (request) => ({
        body: {
          ...post,
          ...(request.body as object),
          seoChecks: [
            {
              id: "keyphrase-in-slug",
              label: "Keyphrase in slug",
              status: "pass",
              message: "The slug contains the keyphrase. Well done.",
            },
          ],
        },
      }),
    });
    renderPage(<SeoFieldsPanel post={post} />);

    const preview = screen.getByRole("figure", { name: "Google preview" });
    expect(preview).toHaveTextContent("Trail Running Shoes: How to Choose the Right Pair");
    expect(preview).toHaveTextContent("your-site.com › trail-running-shoes");
    expect(preview).not.toHaveTextContent(window.location.host);
    const meter = screen.getByRole("meter", { name: "SEO title width" });
    const before = Number(meter.getAttribute("aria-valuenow"));
    expect(before).toBeGreaterThan(300);

    fireEvent.change(screen.getByLabelText("SEO title"), { target: { value: "Trail Running Shoes" } });
    expect(Number(meter.getAttribute("aria-valuenow"))).toBeLessThan(before);
    expect(preview).toHaveTextContent("Trail Running Shoes");
    fireEvent.change(screen.getByLabelText("Slug"), { target: { value: "best-trail-running-shoes" } });
    await userEvent.click(screen.getByRole("button", { name: "Save SEO settings" }));

    await waitFor(() => expect(requests.some((r) => r.method === "PATCH")).toBe(true));
    expect(requests.find((r) => r.method === "PATCH")?.body).toEqual({
      seoTitle: "Trail Running Shoes",
      slug: "best-trail-running-shoes",
    });
  });

  it("asks before changing the URL of a published post, and sends the confirmation", async () => {
    const post = samplePost({ id: 4, status: "published" });
    const requests = fakeApi({
      "PATCH /api/blog-posts/4": (request) =>
        (request.body as { confirmSlugChange?: boolean }).confirmSlugChange
          ? { body: { ...post, slug: "new-address" } }
          : {
              status: 409,
              body: { message: "Confirm the URL change to go ahead.", reason: "slug_change_needs_confirmation" },
            },
    });
    renderPage(<SeoFieldsPanel post={post} />);
    expect(screen.getByText(/changing its slug changes its URL/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText("Slug"), { target: { value: "new-address" } });
    await userEvent.click(screen.getByRole("button", { name: "Save SEO settings" }));
    const dialog = await screen.findByRole("dialog", { name: "Change the URL?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Change the URL" }));
    await waitFor(() => expect(requests.filter((r) => r.method === "PATCH")).toHaveLength(2));
    expect(requests.filter((r) => r.method === "PATCH")[1]?.body).toEqual({
      slug: "new-address",
      confirmSlugChange: true,
    });
  });

  it("shows each field's checks under it", () => {
    fakeApi({});
    renderPage(
      <SeoFieldsPanel
        post={samplePost({
          seoChecks: [
            { id: "keyphrase-in-slug", label: "Keyphrase in slug", status: "fail", message: "Put it in the slug." },
            { id: "title-width", label: "SEO title width", status: "pass", message: "It fits." },
          ],
        })}
      />,
    );
    const slugChecks = screen.getByLabelText("Slug").parentElement!;
    expect(within(slugChecks).getByText("Keyphrase in slug")).toBeInTheDocument();
    expect(within(screen.getByLabelText("SEO title").parentElement!).getByText("SEO title width")).toBeInTheDocument();
  });
});
