// Refreshing a post of a real WordPress connected through the plugin, through the plugin's own routes
// (postwright/v1/refreshes...), relayed to the real service (its Express API on a loopback port), which reads and
// writes the post through the plugin's signed routes (the site has no application password): the proposal changes
// nothing; a partial choice is published in place (same post id and slug, the chosen changes only, one revision
// more); "Restore previous version" puts the post back as it was; an edit made on the site after a proposal is
// refused with 409 and the service's words. And Search Console connected from the plugin against the local Google fake:
// Google's answer comes back through a browser with no Postwright session (a WordPress administrator's), completes
// the connection for this site, once, and lands on the plugin's Your posts page.
import { cp, mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RefreshScores, RefreshView, SitePostsPage } from "@postwright/core/contracts";
import { createSafeFetch, type SafeFetch } from "@postwright/core/security";
import { analyzeSitePosts, readWordpressPosts, saveSitePosts } from "@postwright/core/site-posts";
import { createTestApp, type TestApp } from "../../standalone-web/server/src/testing/index.ts";
import { startFakeGoogle, type FakeGoogle } from "../fakes/google/index.ts";
import { connectPluginSite } from "../support/connect-plugin-site.ts";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";

const pluginDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../wp-plugin");

let wordpress: WordPressSite;
let staging: string;
let t: TestApp;
let google: FakeGoogle;
let server: Server;
let safeFetch: SafeFetch;
let serviceUrl = "";
let userId: number;
let connectionId: number;
const ids: Record<string, number> = {};

const GRINDERS = [
  "<!-- wp:paragraph -->\n<p>We tested a dozen machines in our shop this spring.</p>\n<!-- /wp:paragraph -->",
  "<!-- wp:heading -->\n<h2>Burr or blade</h2>\n<!-- /wp:heading -->",
  "<!-- wp:paragraph -->\n<p>Burrs crush evenly. Blades chop the beans.</p>\n<!-- /wp:paragraph -->",
  "<!-- wp:heading -->\n<h2>Our picks</h2>\n<!-- /wp:heading -->",
  "<!-- wp:paragraph -->\n<p>These are the top picks for 2023 in our shop.</p>\n<!-- /wp:paragraph -->",
].join("\n\n");

interface EditPost {
  id: number;
  slug: string;
  link: string;
  modified_gmt: string;
  title: { raw: string };
  content: { raw: string };
}

const textOf = (html: string) => html.replace(/<[^>]+>/g, "").trim();

/** A route of the site's REST API as its administrator, its answer's status and body. */
async function call<T>(route: string, method = "GET", body?: unknown): Promise<{ status: number; body: T }> {
  const response = await wordpress.rest(route, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const onSite = async (id: number) => (await call<EditPost>(`wp/v2/posts/${id}?context=edit`)).body;
const revisions = async (id: number) =>
  (await call<Array<{ id: number }>>(`wp/v2/posts/${id}/revisions?per_page=100`)).body.length;

/** Your posts for the site, analysed as the background does it. */
async function analyse() {
  const { siteUrl, posts } = await readWordpressPosts(
    { fetch: safeFetch, allowPlainHttp: true },
    { credentials: { siteUrl: wordpress.url, username: "", applicationPassword: "" }, limit: 100 },
  );
  const now = new Date();
  const analysed = analyzeSitePosts(posts, { siteUrl, otherPages: [], now });
  await saveSitePosts(t.db.prisma, { userId, platform: "wordpress", connectionId, posts: analysed, now });
}

beforeAll(async () => {
  staging = await mkdtemp(path.join(tmpdir(), "postwright-plugin-"));
  const plugin = path.join(staging, "postwright");
  for (const entry of ["postwright.php", "uninstall.php", "readme.txt", "includes", "languages"]) {
    await cp(path.join(pluginDir, entry), path.join(plugin, entry), { recursive: true });
  }
  google = await startFakeGoogle();
  [wordpress, t] = await Promise.all([
    startWordPress({ plugins: [plugin] }),
    createTestApp({
      env: {
        ALLOW_PRIVATE_NETWORK_TARGETS: "1",
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_CLIENT_SECRET: google.clientSecret,
        GOOGLE_API_BASE: google.url,
      },
    }),
  ]);
  server = t.app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  serviceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  safeFetch = createSafeFetch({
    allowPrivateNetworkTargets: false,
    allowedAddresses: ["127.0.0.1"],
    timeoutMs: 15_000,
  });

  // Connected as the plugin's connect flow leaves the site.
  userId = (await connectPluginSite(t, wordpress, serviceUrl)).user.id;
  const connection = await t.db.prisma.wordpressConnection.findFirstOrThrow({ where: { userId } });
  connectionId = connection.id;
  expect(connection).toMatchObject({ via: "plugin", applicationPassword: "" });

  for (const [key, title, content, date] of [
    ["grinders", "The Best Coffee Grinders of 2023", GRINDERS, "2023-03-01T10:00:00"],
    ["espresso", "Espresso Grinders Compared", "<p>Espresso grinders need fine steps.</p>", "2023-05-01T10:00:00"],
  ] as const) {
    const created = await call<{ id: number }>("wp/v2/posts", "POST", {
      title,
      content,
      status: "publish",
      date_gmt: date,
    });
    expect(created.status).toBe(201);
    ids[key] = created.body.id;
  }
  await analyse();
}, 300_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await safeFetch?.close();
  await t?.close();
  await google?.close();
  await wordpress?.stop();
  if (staging) await rm(staging, { recursive: true, force: true });
});

/** The id Your posts (through the plugin's route) gives a post of the site. */
async function sitePostId(title: string): Promise<number> {
  const page = await call<SitePostsPage>("postwright/v1/site-posts?page=1");
  expect(page.status).toBe(200);
  const post = page.body.posts.find((p) => p.title === title);
  expect(post, JSON.stringify(page.body.posts.map((p) => p.title))).toBeDefined();
  return post!.id;
}

describe("refreshing a post through the plugin's routes", () => {
  it("publishes the chosen changes in place, keeping one revision, and restores the previous version", async () => {
    const before = await onSite(ids.grinders!);
    const revisionsBefore = await revisions(ids.grinders!);

    const proposed = await call<RefreshView>("postwright/v1/refreshes", "POST", {
      sitePostId: await sitePostId("The Best Coffee Grinders of 2023"),
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const refresh = proposed.body;
    expect(refresh).toMatchObject({ platform: "wordpress", state: "proposed", generator: "offline" });
    expect(await onSite(ids.grinders!)).toEqual(before);
    expect(await revisions(ids.grinders!)).toBe(revisionsBefore);

    // A partial choice: the title's year and the introduction, and not the rest.
    const year = new Date().getUTCFullYear();
    const title = refresh.items.find((item) => item.id === "title")!;
    expect(title.after).toBe(`The Best Coffee Grinders of ${year}`);
    const intro = refresh.items.find((item) => item.id === "part-0")!;
    expect(intro.after).not.toBe(intro.before);
    const left = refresh.items.filter((item) => item !== title && item !== intro);
    expect(left.length).toBeGreaterThan(0);
    const chosen = [title.id, intro.id];
    const preview = await call<RefreshScores>(`postwright/v1/refreshes/${refresh.id}/preview`, "POST", {
      itemIds: chosen,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.chosenItemIds).toEqual(chosen);
    expect(preview.body.chosen.score).toBeLessThanOrEqual(preview.body.proposed.score);

    const published = await call<RefreshView>(`postwright/v1/refreshes/${refresh.id}/publish`, "POST", {
      itemIds: chosen,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({ state: "published", canRestore: true });
    expect(published.body.scores.chosenItemIds).toEqual(chosen);
    const after = await onSite(ids.grinders!);
    expect(after).toMatchObject({ id: ids.grinders, slug: before.slug, link: before.link });
    expect(after.title.raw).toBe(`The Best Coffee Grinders of ${year}`);
    // The introduction is the proposed one; the sections not chosen are as they were, their blocks included.
    expect(after.content.raw).not.toBe(before.content.raw);
    expect(after.content.raw).toContain(textOf(intro.after).slice(0, 40));
    expect(after.content.raw).toContain("These are the top picks for 2023 in our shop.");
    expect(after.content.raw).toContain("<!-- wp:heading -->\n<h2>Our picks</h2>\n<!-- /wp:heading -->");
    for (const item of left.filter((item) => item.id.startsWith("new-"))) {
      expect(after.content.raw).not.toContain(textOf(item.after).slice(0, 40));
    }
    expect(after.modified_gmt > before.modified_gmt).toBe(true);
    expect(await revisions(ids.grinders!)).toBe(revisionsBefore + 1);

    const restored = await call<RefreshView>(`postwright/v1/refreshes/${refresh.id}/restore`, "POST");
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toMatchObject({ state: "restored", canRestore: false });
    const back = await onSite(ids.grinders!);
    expect(back).toMatchObject({ id: ids.grinders, slug: before.slug, title: before.title, content: before.content });
    expect(await revisions(ids.grinders!)).toBe(revisionsBefore + 2);
  }, 120_000);

  it("refuses to publish over an edit made on the site after the proposal, and changes nothing", async () => {
    const proposed = await call<RefreshView>("postwright/v1/refreshes", "POST", {
      sitePostId: await sitePostId("Espresso Grinders Compared"),
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const edited = await call<EditPost>(`wp/v2/posts/${ids.espresso}`, "POST", {
      content: "<p>Espresso grinders need fine steps. Edited on the site.</p>",
    });
    expect(edited.status).toBe(200);
    const editedContent = (await onSite(ids.espresso!)).content.raw;

    const refused = await call<{ code: string; message: string }>(
      `postwright/v1/refreshes/${proposed.body.id}/publish`,
      "POST",
      { itemIds: proposed.body.items.map((item) => item.id) },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/changed on your site.*Propose a new refresh/);
    expect((await onSite(ids.espresso!)).content.raw).toBe(editedContent);
  }, 120_000);
});

describe("Search Console connected from the plugin", () => {
  it("completes Google's answer in a browser with no Postwright session, once, and comes back to Your posts", async () => {
    google.seedSites([{ siteUrl: `${wordpress.url}/`, permissionLevel: "siteOwner" }]);
    const started = await call<{ authorizeUrl: string }>("postwright/v1/search-console/connect", "POST");
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const consent = await fetch(started.body.authorizeUrl, { redirect: "manual" });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get("location")!);
    expect(back.pathname).toBe("/api/search-console/callback");

    // The browser comes back to the service with Google's answer and no cookie of the service's.
    const callback = await fetch(`${serviceUrl}${back.pathname}${back.search}`, { redirect: "manual" });
    expect(callback.status).toBe(303);
    expect(callback.headers.get("set-cookie")).toBeNull();
    const landed = new URL(callback.headers.get("location")!);
    expect(landed.origin + landed.pathname).toBe(`${wordpress.url}/wp-admin/admin.php`);
    expect(Object.fromEntries(landed.searchParams)).toEqual({
      page: "postwright-your-posts",
      search_console: "connected",
    });

    const status = await call<{ connection: { state: string; property: string | null } | null }>(
      "postwright/v1/search-console",
    );
    expect(status.body.connection).toMatchObject({ state: "connected", property: `${wordpress.url}/` });
    expect(await t.db.prisma.searchConsoleConnection.findFirst({ where: { userId } })).toMatchObject({
      platform: "wordpress",
      connectionId,
    });

    // The same answer again (a reload, or someone else replaying the address) is refused, and says why.
    const again = await fetch(`${serviceUrl}${back.pathname}${back.search}`, { redirect: "manual" });
    expect(again.status).toBe(303);
    const refused = new URL(again.headers.get("location")!);
    expect(refused.searchParams.get("page")).toBe("postwright-your-posts");
    expect(refused.searchParams.get("search_console_error")).toMatch(/already used/);

    const disconnected = await call<{ connection: unknown }>("postwright/v1/search-console", "DELETE");
    expect(disconnected.status).toBe(200);
    expect(disconnected.body.connection).toBeNull();
  }, 120_000);
});
