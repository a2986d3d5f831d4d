// Publishes posts to a real WordPress (see tests/support/wordpress) and checks what the site ends up with.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWordpressTarget, WordpressRequestError } from "../../core/src/publishing/wordpress/index.ts";
import { PublishError, type ImageLoader, type PublishablePost } from "../../core/src/publishing/types.ts";
import { createSafeFetch, type SafeFetch } from "../../core/src/security/index.ts";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";
import { tinyPng } from "../support/wordpress/tiny-png.ts";

let site: WordPressSite;
let safeFetch: SafeFetch;

const images: Record<string, Buffer> = {
  "/uploads/cover.png": tinyPng(4, 3, [200, 30, 30]),
  "/uploads/diagram.png": tinyPng(2, 2, [30, 30, 200]),
};
const loads: string[] = [];
const loadImage: ImageLoader = async (url) => {
  loads.push(url);
  const data = images[url];
  return data ? { data, contentType: "image/png", filename: url.split("/").pop() ?? "image.png" } : null;
};

// Long enough for a fresh machine, where the harness first installs PHP and prepares WordPress.
beforeAll(async () => {
  site = await startWordPress({
    users: [
      { username: "helper", role: "contributor" },
      { username: "writer", role: "author" },
    ],
  });
  safeFetch = createSafeFetch({
    allowPrivateNetworkTargets: false,
    allowedAddresses: ["127.0.0.1"],
    timeoutMs: 15_000,
  });
}, 600_000);

afterAll(async () => {
  await safeFetch?.close();
  await site?.stop();
});

let nextId = 1;
function makePost(overrides: Partial<PublishablePost> = {}): PublishablePost {
  const id = nextId++;
  return {
    id,
    title: `Ten steps to better SEO ${id}`,
    html: "<h2>Why it matters</h2><p>Search engines reward <strong>clear</strong> writing.</p>",
    metaDescription: "Ten practical steps to improve your blog's search ranking.",
    seoTitle: null,
    slug: null,
    focusKeyphrase: null,
    keywords: ["seo", "blogging"],
    images: [],
    handle: `ten-steps-to-better-seo-pw${id}`,
    author: "Ada",
    ...overrides,
  };
}

function target(username = site.adminUser, applicationPassword = site.applicationPassword) {
  return createWordpressTarget({ siteUrl: site.url, username, applicationPassword }, { fetch: safeFetch, loadImage, allowPlainHttp: true });
}

interface RemotePost {
  id: number;
  slug: string;
  status: string;
  link: string;
  title: { raw: string };
  content: { raw: string };
  excerpt: { raw: string };
  tags: number[];
  featured_media: number;
}

async function remotePost(id: string | number): Promise<RemotePost> {
  const response = await site.rest(`wp/v2/posts/${id}?context=edit`);
  expect(response.status).toBe(200);
  return (await response.json()) as RemotePost;
}

async function postsWithSlug(slug: string): Promise<RemotePost[]> {
  const response = await site.rest(`wp/v2/posts?slug=${slug}&status=any&context=edit`);
  return (await response.json()) as RemotePost[];
}

async function totalOf(route: string): Promise<number> {
  const response = await site.rest(route);
  await response.arrayBuffer();
  return Number(response.headers.get("x-wp-total"));
}

async function tagNames(ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const response = await site.rest(`wp/v2/tags?include=${ids.join(",")}&per_page=100`);
  return ((await response.json()) as Array<{ name: string }>).map((t) => t.name).sort();
}

async function publishError(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PublishError);
  return error as PublishError;
}

describe("publishing a post", () => {
  it("creates a published post with the title, content, excerpt, slug and tags, and returns its address", async () => {
    const post = makePost();
    const result = await target().publish(post, { remoteId: null });

    const remote = await remotePost(result.remoteId);
    expect(remote).toMatchObject({ status: "publish", slug: post.handle, link: result.remoteUrl });
    expect(remote.title.raw).toBe(post.title);
    expect(remote.content.raw).toBe(post.html);
    expect(remote.excerpt.raw).toBe(post.metaDescription);
    expect(await tagNames(remote.tags)).toEqual(["blogging", "seo"]);

    const page = await fetch(result.remoteUrl ?? "");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(post.title);
  });

  it("publishes the post's slug and meta description (as the excerpt), and a republish carries edits to them", async () => {
    const slug = `better-seo-steps-${nextId}`;
    const post = makePost({ seoTitle: "Better SEO: Ten Steps", slug, handle: slug, focusKeyphrase: "better seo" });
    const first = await target().publish(post, { remoteId: null });
    const remote = await remotePost(first.remoteId);
    expect(remote.slug).toBe(slug);
    expect(remote.excerpt.raw).toBe(post.metaDescription);
    expect(first.remoteUrl).toContain(slug);

    const moved = `${slug}-moved`;
    const second = await target().publish(
      { ...post, slug: moved, handle: moved, metaDescription: "An edited description." },
      { remoteId: first.remoteId },
    );
    expect(second.remoteId).toBe(first.remoteId);
    const edited = await remotePost(second.remoteId);
    expect(edited.slug).toBe(moved);
    expect(edited.excerpt.raw).toBe("An edited description.");
    expect(await postsWithSlug(slug)).toEqual([]);
  });

  it("updates the same post on republish instead of creating another", async () => {
    const post = makePost();
    const publisher = target();
    const first = await publisher.publish(post, { remoteId: null });
    const postsBefore = await totalOf("wp/v2/posts?status=any");
    const tagsBefore = await totalOf("wp/v2/tags");

    const edited = { ...post, title: `${post.title} (updated)`, html: "<p>Rewritten body.</p>" };
    const second = await publisher.publish(edited, { remoteId: first.remoteId });

    expect(second.remoteId).toBe(first.remoteId);
    expect(await totalOf("wp/v2/posts?status=any")).toBe(postsBefore);
    expect(await totalOf("wp/v2/tags")).toBe(tagsBefore);
    const remote = await remotePost(second.remoteId);
    expect(remote.title.raw).toBe(edited.title);
    expect(remote.content.raw).toBe("<p>Rewritten body.</p>");
    expect(await postsWithSlug(post.handle)).toHaveLength(1);
  });

  it("finds the post created by an attempt that crashed before recording it, instead of duplicating it", async () => {
    const post = makePost();
    const first = await target().publish(post, { remoteId: null });
    // The database write of remoteId never happened: the next attempt only knows the post.
    const again = await target().publish({ ...post, title: `${post.title} again` }, { remoteId: null });

    expect(again.remoteId).toBe(first.remoteId);
    expect(await postsWithSlug(post.handle)).toHaveLength(1);
    expect((await remotePost(first.remoteId)).title.raw).toBe(`${post.title} again`);
  });

  it("publishes again when the recorded post was deleted on the site", async () => {
    const post = makePost();
    const first = await target().publish(post, { remoteId: null });
    const deleted = await site.rest(`wp/v2/posts/${first.remoteId}?force=true`, { method: "DELETE" });
    expect(deleted.status).toBe(200);

    const again = await target().publish(post, { remoteId: first.remoteId });
    expect(again.remoteId).not.toBe(first.remoteId);
    expect((await remotePost(again.remoteId)).status).toBe("publish");
  });
});

describe("hardened sites", () => {
  it("publishes to a site that hides its user routes", async () => {
    await site.setMuPlugin(
      "hide-users",
      `<?php add_filter( 'rest_endpoints', function ( $endpoints ) {
        foreach ( array_keys( $endpoints ) as $route ) {
          if ( str_starts_with( $route, '/wp/v2/users' ) ) {
            unset( $endpoints[ $route ] );
          }
        }
        return $endpoints;
      } );`,
    );
    try {
      const result = await target().publish(makePost(), { remoteId: null });
      expect((await remotePost(result.remoteId)).status).toBe("publish");
    } finally {
      await site.setMuPlugin("hide-users", null);
    }
  });
});

describe("images", () => {
  it("uploads the post's images, rewrites their addresses, sets alt text and the featured image", async () => {
    const post = makePost({
      html: '<p>Intro</p><img src="/uploads/cover.png" alt="Cover"><p>More</p><img src="/uploads/diagram.png" alt="Diagram">',
      images: [
        { url: "/uploads/cover.png", altText: "A red cover" },
        { url: "/uploads/diagram.png", altText: "A blue diagram" },
      ],
    });
    const mediaBefore = await totalOf("wp/v2/media");
    const result = await target().publish(post, { remoteId: null });

    const remote = await remotePost(result.remoteId);
    expect(remote.content.raw).not.toContain('src="/uploads/');
    const sources = [...remote.content.raw.matchAll(/src="([^"]+)"/g)].map((m) => m[1] ?? "");
    expect(sources).toHaveLength(2);
    for (const source of sources) expect(source.startsWith(`${site.url}/wp-content/uploads/`)).toBe(true);

    const featured = (await (await site.rest(`wp/v2/media/${remote.featured_media}?context=edit`)).json()) as {
      source_url: string;
      alt_text: string;
      media_details: { width: number; height: number };
    };
    expect(featured.source_url).toBe(sources[0]);
    expect(featured.alt_text).toBe("A red cover");
    expect(featured.media_details).toMatchObject({ width: 4, height: 3 });
    const served = Buffer.from(await (await fetch(featured.source_url)).arrayBuffer());
    expect(served.equals(images["/uploads/cover.png"]!)).toBe(true);
    expect(await totalOf("wp/v2/media")).toBe(mediaBefore + 2);

    // Republishing reuses the uploaded files and updates a changed description.
    const edited = { ...post, images: [{ url: "/uploads/cover.png", altText: "The new cover" }, post.images[1]!] };
    const again = await target().publish(edited, { remoteId: result.remoteId });
    expect(await totalOf("wp/v2/media")).toBe(mediaBefore + 2);
    const republished = await remotePost(again.remoteId);
    expect(republished.featured_media).toBe(remote.featured_media);
    const media = (await (await site.rest(`wp/v2/media/${remote.featured_media}?context=edit`)).json()) as {
      alt_text: string;
    };
    expect(media.alt_text).toBe("The new cover");
  });

  it("keeps the address of an image it cannot read and publishes the rest", async () => {
    const post = makePost({ html: '<p>x</p><img src="https://cdn.example.com/photo.jpg" alt="Elsewhere">' });
    const result = await target().publish(post, { remoteId: null });
    const remote = await remotePost(result.remoteId);
    expect(remote.content.raw).toContain('src="https://cdn.example.com/photo.jpg"');
    expect(remote.featured_media).toBe(0);
    expect(loads).toContain("https://cdn.example.com/photo.jpg");
  });
});

describe("tags", () => {
  it("reuses an existing tag whatever its case", async () => {
    const first = await target().publish(makePost({ keywords: ["Existing Tag"] }), { remoteId: null });
    const tagsBefore = await totalOf("wp/v2/tags");
    const second = await target().publish(makePost({ keywords: ["existing tag", "EXISTING TAG"] }), { remoteId: null });
    expect((await remotePost(second.remoteId)).tags).toEqual((await remotePost(first.remoteId)).tags);
    expect(await totalOf("wp/v2/tags")).toBe(tagsBefore);
  });

  it("publishes without tags when the account may not use them", async () => {
    const tagsBefore = await totalOf("wp/v2/tags");
    await site.setMuPlugin(
      "no-tagging",
      `<?php add_filter( 'map_meta_cap', function ( $caps, $cap ) {
        return 'assign_post_tags' === $cap ? array( 'do_not_allow' ) : $caps;
      }, 10, 2 );`,
    );
    try {
      const writer = site.users.writer!;
      const result = await target("writer", writer.applicationPassword).publish(
        makePost({ keywords: ["existing tag", "brand new keyword"] }),
        { remoteId: null },
      );
      const remote = await remotePost(result.remoteId);
      expect(remote.status).toBe("publish");
      expect(remote.tags).toEqual([]);
      expect(await totalOf("wp/v2/tags")).toBe(tagsBefore);
    } finally {
      await site.setMuPlugin("no-tagging", null);
    }
  });
});

describe("failures", () => {
  it("refuses, for good, an account that may not publish", async () => {
    const helper = site.users.helper!;
    const error = await publishError(
      target("helper", helper.applicationPassword).publish(makePost(), { remoteId: null }),
    );
    expect(error.transient).toBe(false);
    expect(error.message).toMatch(/"helper" is not allowed to publish the post/);
  });

  it("refuses, for good, a wrong application password", async () => {
    const error = await publishError(
      target(site.adminUser, "abcd efgh ijkl mnop qrst uvwx").publish(makePost(), { remoteId: null }),
    );
    expect(error).toBeInstanceOf(WordpressRequestError);
    expect((error as WordpressRequestError).kind).toBe("unauthorized");
    expect(error.transient).toBe(false);
  });

  it("asks to retry later when the site is down for maintenance", async () => {
    await site.setMuPlugin(
      "maintenance",
      `<?php add_filter( 'rest_pre_dispatch', function () {
        return new WP_Error( 'maintenance', 'Briefly unavailable for scheduled maintenance.', array( 'status' => 503 ) );
      } );`,
    );
    try {
      const error = await publishError(target().publish(makePost(), { remoteId: null }));
      expect(error.transient).toBe(true);
      expect(error.message).toMatch(/had an error \(HTTP 503\)/);
    } finally {
      await site.setMuPlugin("maintenance", null);
    }
  });

  it("passes on the wait a rate-limited site asks for", async () => {
    await site.setMuPlugin(
      "rate-limit",
      `<?php add_filter( 'rest_pre_dispatch', function () {
        $response = new WP_REST_Response( array( 'code' => 'too_many_requests', 'message' => 'Slow down.' ), 429 );
        $response->header( 'Retry-After', '30' );
        return $response;
      } );`,
    );
    try {
      const error = await publishError(target().publish(makePost(), { remoteId: null }));
      expect(error.transient).toBe(true);
      expect(error.retryAfterMs).toBe(30_000);
    } finally {
      await site.setMuPlugin("rate-limit", null);
    }
  });

  it("asks to retry later when the site cannot be reached", async () => {
    const down = createWordpressTarget(
      { siteUrl: "http://127.0.0.1:1", username: site.adminUser, applicationPassword: site.applicationPassword },
      { fetch: safeFetch, loadImage },
    );
    const error = await publishError(down.publish(makePost(), { remoteId: null }));
    expect(error.transient).toBe(true);
  });
});
