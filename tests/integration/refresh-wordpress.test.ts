// Refreshing one of Your posts on a real WordPress (see tests/support/wordpress): the proposal reads the post's raw
// body over REST (context=edit) and changes nothing on the site; the owner's choice is merged and scored on the
// server; publishing updates the same post (same id and address, one more revision, modified date moved, the SEO
// plugin's fields the site exposes written); "Restore previous version" puts it back (listed as a revision too); a post
// edited on the site after the proposal is refused with 409; another account reaches none of it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSafeFetch, encryptSecret, type SafeFetch } from "../../core/src/security/index.ts";
import {
  getRefresh,
  previewRefresh,
  proposeRefresh,
  publishRefresh,
  restoreRefresh,
  type RefreshDeps,
} from "../../core/src/refresh/index.ts";
import { createProvider } from "../../core/src/ai/provider.ts";
import { analyzeSitePosts, readWordpressPosts, saveSitePosts } from "../../core/src/site-posts/index.ts";
import { scorePostVersion } from "../../core/src/refresh/score-post-version.ts";
import { readWordpressSitePages, saveSiteIndex } from "../../core/src/site-index/index.ts";
import { onePixelPng } from "../fakes/shopify/png.ts";
import { createTestDatabase, type TestDatabase } from "../../core/src/testing/index.ts";
import { startFakeOpenAI, type FakeOpenAI } from "../fakes/openai/server.ts";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";

let site: WordPressSite;
let safeFetch: SafeFetch;
let db: TestDatabase;
let openai: FakeOpenAI;
let deps: RefreshDeps;
let owner: number;
let stranger: number;
const encryptionKey = Buffer.alloc(32, 7);
const ids: Record<string, number> = {};
const links: Record<string, string> = {};
let connectionId: number;

interface EditPost {
  id: number;
  link: string;
  slug: string;
  modified_gmt: string;
  title: { raw: string };
  content: { raw: string };
  excerpt: { raw: string };
  meta: Record<string, unknown>;
}

async function rest<T>(route: string, init?: { method?: string; body?: unknown }): Promise<T> {
  const response = await site.rest(route, {
    method: init?.method ?? "GET",
    headers: { "content-type": "application/json" },
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

const onSite = (id: number) => rest<EditPost>(`wp/v2/posts/${id}?context=edit`);
const revisions = (id: number) =>
  rest<Array<{ id: number; content: { raw: string } }>>(`wp/v2/posts/${id}/revisions?context=edit&per_page=100`);

const GRINDER_HTML = [
  "<p>We tested a dozen machines in our shop this spring.</p>",
  '<h2>Burr or blade</h2><p>Burrs crush evenly. Blades chop the beans.</p><img src="https://cdn.example/burr-grinder.jpg">',
  "<h2>Our picks</h2><p>These are the top picks for 2023 in our shop.</p>",
  "<h2>Wrap up</h2><p>Grind fresh, every time.</p>",
].join("\n");

async function createPost(body: Record<string, unknown>): Promise<{ id: number; link: string }> {
  return rest("wp/v2/posts", { method: "POST", body: { status: "publish", ...body } });
}

/** Your posts for the owner's site, analysed as the background does it. */
async function analyse(connectionId: number) {
  const { siteUrl, posts } = await readWordpressPosts(
    { fetch: safeFetch, allowPlainHttp: true },
    {
      credentials: { siteUrl: site.url, username: site.adminUser, applicationPassword: site.applicationPassword },
      limit: 100,
    },
  );
  const now = new Date();
  const analysed = analyzeSitePosts(posts, { siteUrl, otherPages: [], now });
  await saveSitePosts(db.prisma, { userId: owner, platform: "wordpress", connectionId, posts: analysed, now });
}

const sitePostId = async (title: string) =>
  (await db.prisma.sitePost.findFirstOrThrow({ where: { userId: owner, title } })).id;

beforeAll(async () => {
  site = await startWordPress({});
  // What Yoast SEO does when asked to expose its fields over REST.
  await site.setMuPlugin(
    "seo-meta-in-rest",
    `<?php
add_action( 'init', function () {
  foreach ( array( '_yoast_wpseo_focuskw', '_yoast_wpseo_metadesc', '_yoast_wpseo_title' ) as $key ) {
    register_post_meta( 'post', $key, array(
      'show_in_rest' => true, 'single' => true, 'type' => 'string',
      'auth_callback' => function () { return current_user_can( 'edit_posts' ); },
    ) );
  }
} );`,
  );
  safeFetch = createSafeFetch({
    allowPrivateNetworkTargets: false,
    allowedAddresses: ["127.0.0.1"],
    timeoutMs: 15_000,
  });
  db = await createTestDatabase();
  openai = await startFakeOpenAI({ tokensPerSecond: Infinity, latencyMs: 0 });
  owner = (await db.prisma.user.create({ data: { email: "owner@example.com", password: "x" } })).id;
  stranger = (await db.prisma.user.create({ data: { email: "stranger@example.com", password: "x" } })).id;

  const grinders = await createPost({
    title: "The Best Coffee Grinders of 2023",
    date_gmt: "2023-03-01T10:00:00",
    content: GRINDER_HTML,
    meta: { _yoast_wpseo_focuskw: "coffee grinders" },
  });
  ids.grinders = grinders.id;
  links.grinders = grinders.link;
  const cleaning = await createPost({
    title: "Cleaning Coffee Grinders Safely",
    date_gmt: "2025-06-01T10:00:00",
    content: "<p>Unplug it first.</p>",
  });
  links.cleaning = cleaning.link;
  ids.espresso = (
    await createPost({
      title: "Espresso Grinders Compared",
      date_gmt: "2023-05-01T10:00:00",
      content: "<p>Espresso grinders need fine steps.</p><h2>Steps</h2><p>Fine.</p><h2>Close</h2><p>Done.</p>",
    })
  ).id;
  ids.pourOver = (
    await createPost({ title: "Pour Over Grinders", date_gmt: "2023-06-01T10:00:00", content: "<p>Medium grind.</p>" })
  ).id;
  // The posts were last changed long ago: publishing moves their modified date.
  await site.php(
    `global $wpdb; $wpdb->query( "UPDATE {$wpdb->posts} SET post_modified = '2023-07-01 10:00:00', post_modified_gmt = '2023-07-01 10:00:00' WHERE post_type = 'post'" ); clean_post_cache( ${grinders.id} );`,
  );

  const connection = await db.prisma.wordpressConnection.create({
    data: {
      userId: owner,
      siteName: "Roastery",
      siteUrl: site.url,
      username: site.adminUser,
      applicationPassword: encryptSecret(site.applicationPassword, encryptionKey),
    },
  });
  deps = { prisma: db.prisma, encryptionKey, fetch: safeFetch, allowPrivateNetworkTargets: true };
  connectionId = connection.id;
  await analyse(connection.id);
}, 600_000);

afterAll(async () => {
  await openai?.close();
  await safeFetch?.close();
  await db?.close();
  await site?.stop();
});

describe("a refresh of a WordPress post", () => {
  it("proposes an update section by section from the post's raw body, and changes nothing on the site", async () => {
    const before = await onSite(ids.grinders!);
    const revisionsBefore = (await revisions(ids.grinders!)).length;
    const refresh = await proposeRefresh(deps, {
      userId: owner,
      sitePostId: await sitePostId("The Best Coffee Grinders of 2023"),
    });

    expect(refresh).toMatchObject({
      platform: "wordpress",
      url: links.grinders,
      keyphrase: "coffee grinders",
      generator: "offline",
      state: "proposed",
      canRestore: false,
    });
    const byId = new Map(refresh.items.map((item) => [item.id, item]));
    expect(byId.get("title")).toMatchObject({
      before: "The Best Coffee Grinders of 2023",
      after: `The Best Coffee Grinders of ${new Date().getUTCFullYear()}`,
    });
    expect(byId.get("meta-description")!.after.toLowerCase()).toContain("coffee grinders");
    expect(byId.get("part-0")!.before).toBe("<p>We tested a dozen machines in our shop this spring.</p>\n");
    expect(byId.get("part-0")!.after).toContain("coffee grinders");
    // The newer post of the site is linked from a body section, with words other than the keyphrase.
    const linked = refresh.items.find((item) => item.after.includes(links.cleaning!));
    expect(linked?.why.join(" ")).toContain("Cleaning Coffee Grinders Safely");
    expect(refresh.items.some((item) => item.id.startsWith("new-"))).toBe(true);
    expect(refresh.scores.proposed.score).toBeGreaterThan(refresh.scores.before.score);
    expect(refresh.scores.chosen).toEqual(refresh.scores.proposed);

    const after = await onSite(ids.grinders!);
    expect(after).toEqual(before);
    expect((await revisions(ids.grinders!)).length).toBe(revisionsBefore);
  }, 60_000);

  it("scores the owner's choice on the server, and keeps every refresh to its owner", async () => {
    const refresh = await proposeRefresh(deps, {
      userId: owner,
      sitePostId: await sitePostId("The Best Coffee Grinders of 2023"),
    });
    const scores = await previewRefresh(deps, { userId: owner, refreshId: refresh.id, itemIds: ["part-0"] });
    expect(scores.chosenItemIds).toEqual(["part-0"]);
    expect(scores.chosen.score).toBeGreaterThan(scores.before.score);
    expect(scores.chosen.score).toBeLessThan(scores.proposed.score);
    const intro = (s: typeof scores.before) => s.checks.find((c) => c.id === "keyphrase-in-introduction")!.status;
    expect([intro(scores.before), intro(scores.chosen)]).toEqual(["fail", "pass"]);

    await expect(getRefresh(deps, { userId: stranger, refreshId: refresh.id })).rejects.toMatchObject({ status: 404 });
    await expect(
      publishRefresh(deps, { userId: stranger, refreshId: refresh.id, itemIds: ["part-0"] }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      proposeRefresh(deps, { userId: stranger, sitePostId: await sitePostId("Pour Over Grinders") }),
    ).rejects.toMatchObject({ status: 404 });
  }, 60_000);

  it("publishes the chosen items in place, keeps the previous version, and restores it in one step", async () => {
    const before = await onSite(ids.grinders!);
    const revisionsBefore = await revisions(ids.grinders!);
    const refresh = await proposeRefresh(deps, {
      userId: owner,
      sitePostId: await sitePostId("The Best Coffee Grinders of 2023"),
    });
    const chosen = refresh.items.filter((item) => item.id !== "title").map((item) => item.id);
    const published = await publishRefresh(deps, { userId: owner, refreshId: refresh.id, itemIds: chosen });
    expect(published).toMatchObject({ state: "published", canRestore: true });
    expect(published.scores.chosenItemIds).toEqual(chosen);

    const after = await onSite(ids.grinders!);
    expect(after).toMatchObject({ id: before.id, link: before.link, slug: before.slug });
    // The title was not chosen: it stays; the rest changed as proposed.
    expect(after.title.raw).toBe(before.title.raw);
    expect(after.content.raw).toContain(refresh.items.find((i) => i.id === "part-0")!.after.trim());
    expect(after.content.raw).toContain("top picks for");
    expect(after.content.raw).not.toContain("top picks for 2023");
    expect(after.meta._yoast_wpseo_metadesc).toBe(refresh.items.find((i) => i.id === "meta-description")!.after);
    expect(after.modified_gmt > before.modified_gmt).toBe(true);
    // WordPress keeps one more revision, and the post as it was is among them.
    const revisionsAfter = await revisions(ids.grinders!);
    expect(revisionsAfter.length).toBe(revisionsBefore.length + 1);
    // Your posts shows the post as it now stands, without waiting for the next read of the site.
    const listed = () =>
      db.prisma.sitePost.findFirstOrThrow({ where: { userId: owner, remoteId: String(ids.grinders) } });
    expect((await listed()).score).toBe(published.scores.chosen.score);
    expect((await listed()).modifiedAt?.toISOString().slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    // Publishing again is refused: the refresh is done.
    await expect(publishRefresh(deps, { userId: owner, refreshId: refresh.id, itemIds: chosen })).rejects.toMatchObject(
      { status: 409 },
    );

    const restored = await restoreRefresh(deps, { userId: owner, refreshId: refresh.id });
    expect(restored).toMatchObject({ state: "restored", canRestore: false });
    const back = await onSite(ids.grinders!);
    expect(back).toMatchObject({
      id: before.id,
      link: before.link,
      title: before.title,
      content: before.content,
      excerpt: before.excerpt,
    });
    expect(back.meta._yoast_wpseo_metadesc).toBe(before.meta._yoast_wpseo_metadesc);
    const revisionsRestored = await revisions(ids.grinders!);
    expect(revisionsRestored.length).toBe(revisionsAfter.length + 1);
    expect(revisionsRestored[0]!.content.raw).toBe(before.content.raw);
    expect((await listed()).score).toBe(restored.scores.before.score);
    await expect(restoreRefresh(deps, { userId: owner, refreshId: refresh.id })).rejects.toMatchObject({ status: 409 });
  }, 90_000);

  it("refuses to publish over a post changed on the site since the proposal (409), and to restore over one changed since publishing", async () => {
    const refresh = await proposeRefresh(deps, {
      userId: owner,
      sitePostId: await sitePostId("Espresso Grinders Compared"),
    });
    const ownEdit = "<p>Espresso grinders need fine steps. Edited by hand.</p>";
    await rest(`wp/v2/posts/${ids.espresso}`, { method: "POST", body: { content: ownEdit } });
    const all = refresh.items.map((item) => item.id);
    const refused = publishRefresh(deps, { userId: owner, refreshId: refresh.id, itemIds: all });
    await expect(refused).rejects.toMatchObject({ status: 409 });
    await expect(refused).rejects.toThrow(/Propose a new refresh/);
    expect((await onSite(ids.espresso!)).content.raw).toBe(ownEdit);
    expect((await getRefresh(deps, { userId: owner, refreshId: refresh.id })).state).toBe("proposed");

    const again = await proposeRefresh(deps, {
      userId: owner,
      sitePostId: await sitePostId("Espresso Grinders Compared"),
    });
    await publishRefresh(deps, { userId: owner, refreshId: again.id, itemIds: again.items.map((item) => item.id) });
    const laterEdit = "<p>Edited again after the refresh.</p>";
    await rest(`wp/v2/posts/${ids.espresso}`, { method: "POST", body: { content: laterEdit } });
    await expect(restoreRefresh(deps, { userId: owner, refreshId: again.id })).rejects.toMatchObject({ status: 409 });
    expect((await onSite(ids.espresso!)).content.raw).toBe(laterEdit);
  }, 90_000);

  it("adds sections written by the model when one is configured (OpenAI-compatible)", async () => {
    const provider = createProvider({
      openai: { apiKey: "test", baseUrl: openai.url, model: "fake-model" },
      stream: false,
    });
    const refresh = await proposeRefresh(
      { ...deps, provider },
      { userId: owner, sitePostId: await sitePostId("Pour Over Grinders") },
    );
    expect(refresh.generator).toBe("ai:fake-model");
    const added = refresh.items.filter((item) => item.id.startsWith("new-"));
    expect(added.length).toBeGreaterThan(0);
    expect(added[0]!.label).toMatch(/^New section: /);
    expect(added[0]!.after).toMatch(/^<h2>/);
    expect(openai.requests.some((r) => r.step === "refresh_sections")).toBe(true);
  }, 60_000);

  it("publishes a thin post's whole refresh in place, and the site then holds a post with at least 95% of its checks green", async () => {
    const before = await onSite(ids.pourOver!);
    const refresh = await proposeRefresh(deps, { userId: owner, sitePostId: await sitePostId("Pour Over Grinders") });
    expect(refresh.scores.before.score).toBeLessThan(60);
    await publishRefresh(deps, { userId: owner, refreshId: refresh.id, itemIds: refresh.items.map((i) => i.id) });
    const after = await onSite(ids.pourOver!);
    expect(after).toMatchObject({ id: before.id, link: before.link, slug: before.slug, title: before.title });
    // Scored as the site now holds it: its body, and the SEO title and description in Yoast SEO's fields.
    const held = scorePostVersion(
      {
        title: after.title.raw,
        html: after.content.raw,
        seoTitle: String(after.meta._yoast_wpseo_title ?? "") || null,
        metaDescription: String(after.meta._yoast_wpseo_metadesc ?? ""),
      },
      { keyphrase: refresh.keyphrase, slug: after.slug, siteUrl: site.url },
    );
    // The post has no image, which a refresh cannot invent: that is the one check left short of green.
    expect(held.checks.filter((c) => c.status !== "pass").map((c) => c.id)).toEqual(["keyphrase-in-image-alt"]);
    expect(held.checks.filter((c) => c.status === "pass").length / held.checks.length).toBeGreaterThanOrEqual(0.95);
    expect(held.score).toBeGreaterThanOrEqual(95);
    // The copy it added names the keyphrase as the title says it.
    expect(after.content.raw).toContain("pour over grinders");
    expect(after.content.raw).not.toMatch(/pour grinders/i);
  }, 60_000);
});

describe("an image for a WordPress post that has none", () => {
  it("indexes a page's featured image, proposes it with alt text for the post, publishes it when taken and not when left", async () => {
    // The site's own image: a page whose featured image has alt text that does not name the post's keyphrase.
    const upload = await site.rest("wp/v2/media", {
      method: "POST",
      headers: { "content-type": "image/png", "content-disposition": 'attachment; filename="grinder-brush.png"' },
      body: onePixelPng(120, 80, 40),
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const media = (await upload.json()) as { id: number; source_url: string };
    await rest(`wp/v2/media/${media.id}`, { method: "POST", body: { alt_text: "A brush for the burrs" } });
    await rest("wp/v2/pages", {
      method: "POST",
      body: {
        status: "publish",
        title: "Grinder Cleaning Brush",
        content: "<p>Soft bristles.</p>",
        featured_media: media.id,
      },
    });
    const post = await createPost({
      title: "Grinder Cleaning Basics",
      content: "<p>Clean the burrs every month.</p><h2>Monthly</h2><p>Brush them out.</p>",
      meta: { _yoast_wpseo_focuskw: "grinder cleaning" },
    });
    await analyse(connectionId);
    // The site's pages read into its index as the background does, the featured images with them.
    const pages = await readWordpressSitePages(
      { fetch: safeFetch, allowPlainHttp: true },
      {
        credentials: { siteUrl: site.url, username: site.adminUser, applicationPassword: site.applicationPassword },
        limit: 1000,
      },
    );
    await saveSiteIndex(db.prisma, { userId: owner, platform: "wordpress", connectionId, pages, now: new Date() });
    expect(
      await db.prisma.siteIndexEntry.findFirstOrThrow({ where: { userId: owner, title: "Grinder Cleaning Brush" } }),
    ).toMatchObject({ imageUrl: media.source_url, imageAlt: "A brush for the burrs" });

    const proposal = await proposeRefresh(deps, {
      userId: owner,
      sitePostId: await sitePostId("Grinder Cleaning Basics"),
    });
    const image = proposal.items.find((item) => item.id === "image")!;
    expect(image).toMatchObject({ kind: "image", label: "Image: Grinder Cleaning Brush", before: "" });
    expect(image.after).toBe(
      `<figure><img src="${media.source_url}" alt="Grinder cleaning: a brush for the burrs"></figure>`,
    );

    // Left: published without it, the post holds no image.
    const before = (await onSite(post.id)).content.raw;
    const others = proposal.items.filter((item) => item.id !== "image").map((item) => item.id);
    await publishRefresh(deps, { userId: owner, refreshId: proposal.id, itemIds: others });
    expect((await onSite(post.id)).content.raw).not.toContain("<img");
    await restoreRefresh(deps, { userId: owner, refreshId: proposal.id });
    expect((await onSite(post.id)).content.raw).toBe(before);

    // Taken: in place, after the introduction, with its alt text; the image check passes on the site.
    const again = await proposeRefresh(deps, {
      userId: owner,
      sitePostId: await sitePostId("Grinder Cleaning Basics"),
    });
    await publishRefresh(deps, { userId: owner, refreshId: again.id, itemIds: ["image"] });
    const after = await onSite(post.id);
    expect(after).toMatchObject({ id: post.id, link: post.link });
    expect(after.content.raw).toBe(before.replace("month.</p>", `month.</p>\n${image.after}\n`));
    const held = scorePostVersion(
      { title: after.title.raw, html: after.content.raw, seoTitle: null, metaDescription: "" },
      { keyphrase: "grinder cleaning", slug: after.slug, siteUrl: site.url },
    );
    expect(held.checks.find((c) => c.id === "keyphrase-in-image-alt")!.status).toBe("pass");
  }, 120_000);
});
