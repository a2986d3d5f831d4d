// "Your posts" on a real WordPress (see tests/support/wordpress): every published post, whoever wrote it, is read over
// REST with its body, paged, without drafts or password-protected posts; the focus keyphrase is the SEO plugin's
// where the site exposes it over REST, else one derived from the title; the site's index read in the background
// queues the analysis, which stores the posts for the owner's connection with their links in and out, sorted by
// opportunity, reached by the owner alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptSecret, createSafeFetch, type SafeFetch } from "../../core/src/security/index.ts";
import { createSiteIndexer, enqueueSiteIndex } from "../../core/src/site-index/index.ts";
import { createSitePostsAnalyser, listSitePosts, readWordpressPosts } from "../../core/src/site-posts/index.ts";
import { createTestDatabase, type TestDatabase } from "../../core/src/testing/index.ts";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";

let site: WordPressSite;
let safeFetch: SafeFetch;
let db: TestDatabase;
const encryptionKey = Buffer.alloc(32, 9);
const links: Record<string, string> = {};

async function create(route: string, body: Record<string, unknown>): Promise<{ id: number; link: string }> {
  const response = await site.rest(route, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: number; link: string };
}

const section = (topic: string, i: number) =>
  `<h2>${topic} step ${i}</h2><p>${topic} needs care. However, the steps are short. For example, start with clean water. Then measure the beans.</p>`;

beforeAll(async () => {
  site = await startWordPress({});
  // What Yoast SEO does when asked to expose its fields over REST: the focus keyphrase as registered post meta.
  await site.setMuPlugin(
    "seo-meta-in-rest",
    `<?php
add_action( 'init', function () {
  register_post_meta( 'post', '_yoast_wpseo_focuskw', array(
    'show_in_rest' => true, 'single' => true, 'type' => 'string',
    'auth_callback' => function () { return current_user_can( 'edit_posts' ); },
  ) );
} );`,
  );
  safeFetch = createSafeFetch({
    allowPrivateNetworkTargets: false,
    allowedAddresses: ["127.0.0.1"],
    timeoutMs: 15_000,
  });
  db = await createTestDatabase();
  const about = await create("wp/v2/pages", { title: "About Our Roastery", status: "publish" });
  links.about = about.link;
  const grinder = await create("wp/v2/posts", {
    title: "How to Clean a Coffee Grinder",
    status: "publish",
    date_gmt: "2024-03-01T10:00:00",
    content: `<p>Clean a coffee grinder once a month.</p><p>See <a href="${about.link}">who we are</a>.</p>`,
  });
  links.grinder = grinder.link;
  const brew = await create("wp/v2/posts", {
    title: "Cold Brew at Home",
    status: "publish",
    meta: { _yoast_wpseo_focuskw: "cold brew" },
    content:
      [1, 2, 3, 4, 5, 6].map((i) => section("Cold brew", i)).join("") +
      `<p>Cold brew starts with a <a href="${grinder.link}">clean grinder</a>, as <a href="${about.link}">we</a> say.</p>`,
  });
  links.brew = brew.link;
  for (let i = 0; i < 105; i++)
    await create("wp/v2/posts", {
      title: `Roastery Diary ${i}`,
      status: "publish",
      content: `<p>Day ${i}: we roasted. Read <a href="${brew.link}">cold brew</a>.</p>`,
    });
  await create("wp/v2/posts", { title: "A Draft Nobody Should See", status: "draft", content: "<p>Secret.</p>" });
  await create("wp/v2/posts", {
    title: "Members Only",
    status: "publish",
    password: "letmein",
    content: "<p>Protected.</p>",
  });
}, 600_000);

afterAll(async () => {
  await safeFetch?.close();
  await db?.close();
  await site?.stop();
});

describe("Your posts on a WordPress site", () => {
  it("reads every published post with its body over several pages, the exposed keyphrase, no drafts or protected posts", async () => {
    const read: number[] = [];
    const { posts } = await readWordpressPosts(
      { fetch: safeFetch, allowPlainHttp: true },
      {
        credentials: { siteUrl: site.url, username: site.adminUser, applicationPassword: site.applicationPassword },
        limit: 2000,
        onPage: async (n) => void read.push(n),
      },
    );
    // 108 published and public (107 + WordPress's own "Hello world!"), 100 a page; the newest, protected one is
    // on the first page and left out.
    expect(posts).toHaveLength(108);
    expect(read).toEqual([99, 108]);
    const titles = posts.map((p) => p.title);
    expect(titles).not.toContain("A Draft Nobody Should See");
    expect(titles).not.toContain("Members Only");
    const brew = posts.find((p) => p.title === "Cold Brew at Home")!;
    expect(brew).toMatchObject({ url: links.brew, keyphrase: "cold brew", keyphraseSource: "yoast" });
    expect(brew.html).toContain("Cold brew needs care.");
    const grinder = posts.find((p) => p.title === "How to Clean a Coffee Grinder")!;
    expect(grinder).toMatchObject({ keyphrase: null, slug: "how-to-clean-a-coffee-grinder" });
    expect(grinder.publishedAt?.toISOString()).toBe("2024-03-01T10:00:00.000Z");
  });

  it("is analysed in the background after the site's index is read, sorted by opportunity, for its owner only", async () => {
    const owner = await db.prisma.user.create({ data: { email: "owner@example.com", password: "x" } });
    const stranger = await db.prisma.user.create({ data: { email: "stranger@example.com", password: "x" } });
    const connection = await db.prisma.wordpressConnection.create({
      data: {
        userId: owner.id,
        siteName: "Roastery",
        siteUrl: site.url,
        username: site.adminUser,
        applicationPassword: encryptSecret(site.applicationPassword, encryptionKey),
      },
    });
    const deps = { prisma: db.prisma, encryptionKey, fetch: safeFetch, allowPrivateNetworkTargets: true };
    const indexer = createSiteIndexer(deps, { instanceId: "wp-posts", intervalMs: 50 });
    const analyser = createSitePostsAnalyser(deps, { instanceId: "wp-posts", intervalMs: 50 });
    indexer.start();
    analyser.start();
    try {
      await enqueueSiteIndex(deps, { userId: owner.id, platform: "wordpress", connectionId: connection.id });
      const list = (userId: number, page = 1) => listSitePosts(deps, { userId, page, pageSize: 100 });
      await expect
        .poll(async () => (await list(owner.id)).site?.state, { timeout: 60_000, interval: 200 })
        .toBe("ready");
      const first = await list(owner.id);
      expect(first.site).toMatchObject({ platform: "wordpress", connectionId: connection.id, postsAnalysed: 108 });
      expect(first.total).toBe(108);
      const all = [...first.posts, ...(await list(owner.id, 2)).posts];
      expect(all).toHaveLength(108);
      const opportunities = all.map((p) => p.opportunity);
      expect(opportunities).toEqual([...opportunities].sort((a, b) => b - a));
      const byTitle = new Map(all.map((p) => [p.title, p]));
      const brew = byTitle.get("Cold Brew at Home")!;
      const grinder = byTitle.get("How to Clean a Coffee Grinder")!;
      const diary = byTitle.get("Roastery Diary 7")!;
      // Out: the grinder post and the About page; in: every diary entry.
      expect(brew).toMatchObject({ linksOut: 2, linksIn: 105, keyphrase: "cold brew", keyphraseSource: "yoast" });
      expect(grinder).toMatchObject({
        linksOut: 1,
        linksIn: 1,
        keyphrase: "clean a coffee grinder",
        keyphraseSource: "title",
      });
      expect(diary).toMatchObject({ linksOut: 1, linksIn: 0 });
      expect(grinder.ageDays).toBeGreaterThan(600);
      expect(brew.words).toBeGreaterThan(100);
      expect(brew.score).toBeGreaterThan(diary.score);
      expect(diary.failingChecks.map((c) => c.label)).toContain("Text length");
      // The old, thin, barely linked grinder post is a bigger opportunity than the well-linked, fuller cold brew one.
      expect(grinder.opportunity).toBeGreaterThan(brew.opportunity);

      expect(await list(stranger.id)).toMatchObject({ site: null, posts: [], total: 0 });
      expect(
        await listSitePosts(deps, {
          userId: stranger.id,
          platform: "wordpress",
          connectionId: connection.id,
          page: 1,
          pageSize: 10,
        }),
      ).toMatchObject({ site: null, posts: [] });
    } finally {
      await Promise.all([indexer.stop(), analyser.stop()]);
    }
  }, 120_000);
});
