// Refreshing one of the site's posts and Search Console through the plugin API (/api/v1), against a stand-in for the
// plugin's signed routes (service/posts/read and service/posts/update, each request's v2 signature checked as the
// plugin checks it) and the local Google fake. A proposal changes nothing on the site; the chosen items are scored on
// the service; publishing writes only them to the same post; restoring puts it back; a post changed on the site since
// the proposal is a 409; a site's credential reaches none of another site's posts, refreshes or Search Console. Every
// answer is checked against the plugin API's OpenAPI document.
import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RefreshScores, RefreshView } from "@postwright/core/contracts";
import { startFakeGoogle, type FakeGoogle } from "../../../../tests/fakes/google/index.ts";
import { createTestApp, type TestApp } from "../testing/index.ts";
import { checkedRequest, conformsTo } from "../testing/openapi-conformance.ts";

let t: TestApp;
let app: Express;
let google: FakeGoogle;
let check: ReturnType<typeof conformsTo>;
const api = () => checkedRequest(app, check);

interface PluginPost {
  id: number;
  title: string;
  content: string;
  excerpt: string;
  writes: number;
}

/** The plugin's side of each connected stand-in site: its signing secret and its one published post. */
const sites = new Map<string, { secret: string; post: PluginPost; refused: number }>();
let plugin: Server;
let pluginUrl = "";

const GRINDERS = [
  "<p>We tested a dozen machines in our shop this spring.</p>",
  "<h2>Burr or blade</h2><p>Burrs crush evenly. Blades chop the beans.</p>",
  "<h2>Our picks</h2><p>These are the top picks for 2023 in our shop.</p>",
].join("\n");

beforeAll(async () => {
  google = await startFakeGoogle();
  t = await createTestApp({
    env: {
      APP_URL: "https://app.example.com",
      ALLOW_PRIVATE_NETWORK_TARGETS: "1",
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_API_BASE: google.url,
    },
    app: { apiV1: { exchangesPerMinute: 1000 } },
  });
  app = t.app;
  const document = (await request(app).get("/api/v1/openapi.json")).body as Parameters<typeof conformsTo>[0];
  check = conformsTo(document, "/api/v1");
  plugin = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? "/", "http://localhost");
      const [, siteKey, route] = /^\/(site-\d+)\/wp-json(\/.*)$/.exec(url.pathname) ?? [];
      const site = sites.get(siteKey ?? "");
      if (!site || !route) return reply(404, { code: "rest_no_route", message: "No route." });
      const signed = [
        "postwright-v2",
        req.method,
        route,
        "",
        String(req.headers["x-postwright-timestamp"]),
        String(req.headers["x-postwright-nonce"]),
        raw,
      ].join("\n");
      if (
        req.headers["x-postwright-signature"] !== `v2=${createHmac("sha256", site.secret).update(signed).digest("hex")}`
      ) {
        site.refused += 1;
        return reply(401, { code: "postwright_bad_signature", message: "The request signature does not match." });
      }
      const body = JSON.parse(raw) as Record<string, unknown>;
      if (body.postId !== site.post.id) {
        return reply(404, { code: "postwright_post_not_found", message: "This post is no longer published." });
      }
      const view = () => ({
        id: site.post.id,
        link: `${pluginUrl}/${siteKey}/best-coffee-grinders/`,
        slug: "best-coffee-grinders",
        modified_gmt: "2023-07-01T10:00:00",
        title: { raw: site.post.title },
        content: { raw: site.post.content },
        excerpt: { raw: site.post.excerpt },
        meta: {},
      });
      if (route === "/postwright/v1/service/posts/read") return reply(200, view());
      if (route === "/postwright/v1/service/posts/update") {
        site.post = {
          ...site.post,
          title: String(body.title),
          content: String(body.content),
          excerpt: String(body.excerpt),
          writes: site.post.writes + 1,
        };
        return reply(200, { id: site.post.id });
      }
      return reply(404, { code: "rest_no_route", message: "No route." });
    });
  });
  await new Promise<void>((resolve) => plugin.listen(0, "127.0.0.1", resolve));
  pluginUrl = `http://127.0.0.1:${(plugin.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => plugin?.close(resolve));
  await Promise.all([t?.close(), google?.close()]);
});

let counter = 0;

/** A site connected through the plugin (a new account unless one is given), with one analysed post among Your posts. */
async function connectedSite(agent = t.agent(), signUp = true) {
  if (signUp) await t.signUpAndLogin(agent);
  counter += 1;
  const key = `site-${counter}`;
  const siteUrl = `${pluginUrl}/${key}`;
  const approved = await agent.post("/api/connect/wordpress/approve").send({
    siteUrl,
    restUrl: `${siteUrl}/wp-json/`,
    state: "state-".padEnd(40, "x"),
    returnUrl: `${siteUrl}/wp-admin/admin.php?page=postwright`,
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const code = new URL(approved.body.redirectUrl as string).searchParams.get("postwright_code");
  const exchanged = await api().post("/api/v1/connect/exchange").send({ code, siteUrl });
  expect(exchanged.status).toBe(200);
  sites.set(key, {
    secret: exchanged.body.signingSecret as string,
    post: { id: 41, title: "The Best Coffee Grinders of 2023", content: GRINDERS, excerpt: "", writes: 0 },
    refused: 0,
  });
  const credential = await t.db.prisma.wordpressSiteCredential.findFirstOrThrow({
    where: { id: exchanged.body.siteId as string },
  });
  const sitePost = await t.db.prisma.sitePost.create({
    data: {
      userId: credential.userId,
      platform: "wordpress",
      connectionId: credential.connectionId,
      remoteId: "41",
      url: `${siteUrl}/best-coffee-grinders/`,
      title: "The Best Coffee Grinders of 2023",
      words: 30,
      score: 40,
      keyphrase: "coffee grinders",
      keyphraseSource: "title",
      opportunity: 50,
      analysedAt: new Date(),
    },
  });
  const bearer = `Bearer ${exchanged.body.credential as string}`;
  const as = (method: "get" | "post" | "put" | "delete", path: string) =>
    api()[method](`/api/v1${path}`).set("Authorization", bearer);
  return { agent, key, siteUrl, sitePostId: sitePost.id, userId: credential.userId, as, site: () => sites.get(key)! };
}

describe("refreshing one of the site's posts through the plugin API", () => {
  it("proposes without writing, scores a choice, publishes only the chosen items in place, and restores", async () => {
    const s = await connectedSite();
    const proposed = await s.as("post", "/refreshes").send({ sitePostId: s.sitePostId });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const refresh = proposed.body as RefreshView;
    expect(refresh).toMatchObject({ platform: "wordpress", state: "proposed", canRestore: false });
    expect(s.site().post.writes).toBe(0);

    const title = refresh.items.find((item) => item.id === "title")!;
    expect(title.after).toBe(`The Best Coffee Grinders of ${new Date().getUTCFullYear()}`);
    const others = refresh.items.filter((item) => item.id !== "title");
    expect(others.length).toBeGreaterThan(0);

    const preview = await s.as("post", `/refreshes/${refresh.id}/preview`).send({ itemIds: ["title"] });
    expect(preview.status).toBe(200);
    expect((preview.body as RefreshScores).chosenItemIds).toEqual(["title"]);

    const published = await s.as("post", `/refreshes/${refresh.id}/publish`).send({ itemIds: ["title"] });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({ state: "published", canRestore: true });
    // Only the title changed: the body is the post's own.
    expect(s.site().post).toMatchObject({ title: title.after, content: GRINDERS, writes: 1 });
    expect(s.site().refused).toBe(0);

    const again = await s.as("post", `/refreshes/${refresh.id}/publish`).send({ itemIds: ["title"] });
    expect(again.status).toBe(409);

    const restored = await s.as("post", `/refreshes/${refresh.id}/restore`).send();
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ state: "restored", canRestore: false });
    expect(s.site().post).toMatchObject({ title: "The Best Coffee Grinders of 2023", content: GRINDERS, writes: 2 });

    expect((await s.as("get", `/refreshes/${refresh.id}`)).body).toMatchObject({ id: refresh.id, state: "restored" });
  });

  it("refuses to publish over an edit made on the site since the proposal, with a message saying what to do", async () => {
    const s = await connectedSite();
    const refresh = (await s.as("post", "/refreshes").send({ sitePostId: s.sitePostId })).body as RefreshView;
    s.site().post.content += "\n<p>Added on the site.</p>";
    const refused = await s.as("post", `/refreshes/${refresh.id}/publish`).send({ itemIds: ["title"] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/changed on your site.*Propose a new refresh/);
    expect(s.site().post.writes).toBe(0);
  });

  it("says why when the site's post cannot be read, and reaches no other site's posts or refreshes", async () => {
    const s = await connectedSite();
    s.site().post.id = 99;
    const unreadable = await s.as("post", "/refreshes").send({ sitePostId: s.sitePostId });
    expect(unreadable.status).toBe(404);
    expect(unreadable.body.message).toMatch(/no longer on your WordPress site/);
    s.site().post.id = 41;
    const refresh = (await s.as("post", "/refreshes").send({ sitePostId: s.sitePostId })).body as RefreshView;

    // Another site of the same account, and a site of another account.
    const sameAccount = await connectedSite(s.agent, false);
    const stranger = await connectedSite();
    for (const other of [sameAccount, stranger]) {
      expect((await other.as("post", "/refreshes").send({ sitePostId: s.sitePostId })).status).toBe(404);
      expect((await other.as("get", `/refreshes/${refresh.id}`)).status).toBe(404);
      const publish = await other.as("post", `/refreshes/${refresh.id}/publish`).send({ itemIds: ["title"] });
      expect(publish.status).toBe(404);
      expect((await other.as("post", `/refreshes/${refresh.id}/restore`).send()).status).toBe(404);
    }
    expect(s.site().post.writes).toBe(0);

    const empty = await s.as("post", `/refreshes/${refresh.id}/preview`).send({ itemIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/Choose at least one change/);
  });
});

describe("Search Console through the plugin API", () => {
  it("connects for this site and comes back to the plugin's page; another site of the account has its own", async () => {
    const s = await connectedSite();
    google.seedSites([{ siteUrl: `${s.siteUrl}/`, permissionLevel: "siteOwner" }]);
    expect((await s.as("get", "/search-console")).body).toEqual({ configured: true, connection: null });

    const elsewhere = await s
      .as("post", "/search-console/connect")
      .send({ returnUrl: "https://evil.example/wp-admin/" });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toMatch(/your site's own address/);

    const returnUrl = `${s.siteUrl}/wp-admin/admin.php?page=postwright-your-posts`;
    const started = await s.as("post", "/search-console/connect").send({ returnUrl });
    expect(started.status).toBe(200);
    const consent = await fetch(started.body.authorizeUrl as string, { redirect: "manual" });
    const back = new URL(consent.headers.get("location")!);

    // The state is bound to the site: a browser with no Postwright session (a WordPress administrator's) completes it.
    const callback = await request(app).get(`/api/search-console/callback${back.search}`);
    expect(callback.status).toBe(303);
    expect(callback.headers.location).toBe(`${returnUrl}&search_console=connected`);
    // Once: the same answer again (a reload) changes nothing and says why.
    const again = await s.agent.get(`/api/search-console/callback${back.search}`);
    const refusedAt = new URL(again.headers.location as string);
    expect(refusedAt.origin + refusedAt.pathname).toBe(`${s.siteUrl}/wp-admin/admin.php`);
    expect(refusedAt.searchParams.get("search_console_error")).toMatch(/already used/);

    const status = await s.as("get", "/search-console");
    expect(status.body.connection).toMatchObject({
      state: "connected",
      platform: "wordpress",
      property: `${s.siteUrl}/`,
    });
    expect((await s.as("get", "/search-console/ideas")).body).toEqual({ ideas: [] });
    const chosen = await s.as("put", "/search-console/property").send({ siteUrl: `${s.siteUrl}/` });
    expect(chosen.status).toBe(200);

    const sameAccount = await connectedSite(s.agent, false);
    expect((await sameAccount.as("get", "/search-console")).body).toEqual({ configured: true, connection: null });
    expect((await sameAccount.as("put", "/search-console/property").send({ siteUrl: `${s.siteUrl}/` })).status).toBe(
      404,
    );
    expect((await sameAccount.as("delete", "/search-console")).status).toBe(200);
    expect(await t.db.prisma.searchConsoleConnection.count({ where: { userId: s.userId } })).toBe(1);
    const first = await t.db.prisma.searchConsoleConnection.findFirstOrThrow({ where: { userId: s.userId } });

    // The other site connects its own, beside the first one's (which stays as it was).
    google.seedSites([
      { siteUrl: `${s.siteUrl}/`, permissionLevel: "siteOwner" },
      { siteUrl: `${sameAccount.siteUrl}/`, permissionLevel: "siteOwner" },
    ]);
    const otherReturn = `${sameAccount.siteUrl}/wp-admin/admin.php?page=postwright-your-posts`;
    const otherStart = await sameAccount.as("post", "/search-console/connect").send({ returnUrl: otherReturn });
    const otherBack = new URL(
      (await fetch(otherStart.body.authorizeUrl as string, { redirect: "manual" })).headers.get("location")!,
    );
    expect((await request(app).get(`/api/search-console/callback${otherBack.search}`)).headers.location).toBe(
      `${otherReturn}&search_console=connected`,
    );
    expect((await sameAccount.as("get", "/search-console")).body.connection).toMatchObject({
      property: `${sameAccount.siteUrl}/`,
    });
    expect(await t.db.prisma.searchConsoleConnection.count({ where: { userId: s.userId } })).toBe(2);
    expect(await t.db.prisma.searchConsoleConnection.findUniqueOrThrow({ where: { id: first.id } })).toEqual(first);

    const gone = await s.as("delete", "/search-console");
    expect(gone.body).toEqual({ configured: true, connection: null });
    expect(await t.db.prisma.searchConsoleConnection.count({ where: { userId: s.userId } })).toBe(1);
    expect((await sameAccount.as("get", "/search-console")).body.connection).toMatchObject({ state: "connected" });
  });
});
