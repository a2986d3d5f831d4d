// Publishing to a WordPress site connected through the Postwright plugin, against a local server that plays the
// plugin's side of the contract (docs/wordpress-plugin-api.md): it verifies every request's signature exactly as the
// plugin does (HMAC-SHA256 of method, route, query, timestamp, nonce and raw body; timestamps within 300 s; nonces
// used once), keeps posts
// by publication key, and can lose its answer after storing a post, as a timeout or a crash would.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pluginRouteUrl, signPluginRequest } from "@postwright/core/publishing";
import {
  approveWordpressPluginConnection,
  checkPluginSite,
  exchangeConnectCode,
  resolvePublishTarget,
  type ConnectionDeps,
} from "@postwright/core/connections";
import { createScheduler, schedulePost } from "@postwright/core/scheduling";
import { createSafeFetch, type SafeFetch } from "@postwright/core/security";
import { createTestDatabase, type TestDatabase } from "@postwright/core/testing";
import { seedPost, seedUser } from "../support/scheduler/seed.ts";

interface StoredPost {
  postId: number;
  title: string;
  slug: string;
  metaDescription: string;
  focusKeyphrase: string;
  writes: number;
}

/** The plugin's side: routes postwright/v1/service/publish and /ping under /wp-json/. */
function fakePlugin(secrets: Map<string, string>) {
  const posts = new Map<string, StoredPost>();
  const seenNonces = new Set<string>();
  let nextId = 100;
  let loseNextAnswer = false;
  let refused = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const siteId = String(req.headers["x-postwright-site"] ?? "");
      const timestamp = String(req.headers["x-postwright-timestamp"] ?? "");
      const nonce = String(req.headers["x-postwright-nonce"] ?? "");
      const signature = String(req.headers["x-postwright-signature"] ?? "");
      const secret = secrets.get(siteId);
      // Format v2: the method, the REST route and the query are signed along with the timestamp, nonce and body.
      const url = new URL(req.url ?? "/", "http://site.test");
      const route = url.pathname.replace(/^\/wp-json/, "");
      const query = [...url.searchParams.entries()]
        .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
        .sort()
        .join("&");
      const signed = ["postwright-v2", req.method, route, query, timestamp, nonce, raw].join("\n");
      const expected = secret ? `v2=${createHmac("sha256", secret).update(signed).digest("hex")}` : "";
      const fresh = /^\d+$/.test(timestamp) && Math.abs(Date.now() / 1000 - Number(timestamp)) <= 300;
      const valid =
        secret !== undefined &&
        signature.length === expected.length &&
        timingSafeEqual(Buffer.from(signature), Buffer.from(expected)) &&
        fresh &&
        nonce !== "" &&
        !seenNonces.has(nonce);
      if (!valid) {
        refused += 1;
        reply(401, { code: "postwright_bad_signature", message: "The request's signature is not valid." });
        return;
      }
      seenNonces.add(nonce);
      if (req.url === "/wp-json/postwright/v1/service/ping") return reply(200, { ok: true, version: "1.0.0" });
      if (req.url !== "/wp-json/postwright/v1/service/publish")
        return reply(404, { code: "rest_no_route", message: "No route." });
      const body = JSON.parse(raw) as {
        publicationKey: string;
        title: string;
        slug: string;
        metaDescription: string;
        focusKeyphrase: string;
      };
      const existing = posts.get(body.publicationKey);
      const post: StoredPost = {
        postId: existing?.postId ?? nextId++,
        title: body.title,
        slug: body.slug,
        metaDescription: body.metaDescription,
        focusKeyphrase: body.focusKeyphrase,
        writes: (existing?.writes ?? 0) + 1,
      };
      posts.set(body.publicationKey, post);
      if (loseNextAnswer) {
        loseNextAnswer = false;
        return reply(503, { code: "internal", message: "The site is busy." });
      }
      reply(200, { postId: post.postId, link: `http://site.test/${post.slug}/`, status: "publish" });
    });
  });
  return {
    server,
    posts,
    get refused() {
      return refused;
    },
    loseNextAnswer() {
      loseNextAnswer = true;
    },
  };
}

let db: TestDatabase;
let plugin: ReturnType<typeof fakePlugin>;
let server: Server;
let siteUrl: string;
let safeFetch: SafeFetch;
let deps: ConnectionDeps;
const secrets = new Map<string, string>();

beforeAll(async () => {
  db = await createTestDatabase();
  plugin = fakePlugin(secrets);
  server = plugin.server;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  safeFetch = createSafeFetch({ allowPrivateNetworkTargets: true, timeoutMs: 10_000, maxResponseBytes: 1_000_000 });
  deps = {
    prisma: db.prisma,
    encryptionKey: randomBytes(32),
    fetch: safeFetch,
    allowPrivateNetworkTargets: true,
    loadImage: async () => null,
    publicUrl: "https://app.example.com",
  };
});
afterAll(async () => {
  await safeFetch?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await db?.close();
});

async function connectedUser(): Promise<{ userId: number; siteId: string; signingSecret: string }> {
  const userId = await seedUser(db);
  const { redirectUrl } = await approveWordpressPluginConnection(
    { prisma: db.prisma, allowPrivateNetworkTargets: true },
    {
      userId,
      approval: {
        siteUrl,
        restUrl: `${siteUrl}/wp-json/`,
        state: "x".repeat(32),
        returnUrl: `${siteUrl}/wp-admin/admin.php?page=postwright`,
      },
    },
  );
  const code = new URL(redirectUrl).searchParams.get("postwright_code")!;
  const { siteId, signingSecret } = await exchangeConnectCode(deps, { code, siteUrl });
  secrets.set(siteId, signingSecret);
  return { userId, siteId, signingSecret };
}

describe("the plugin's side of the signature", () => {
  it("refuses tampered, replayed and stale requests that a correct signature would pass", async () => {
    const { siteId, signingSecret } = await connectedUser();
    const url = pluginRouteUrl(`${siteUrl}/wp-json/`, "service/ping");
    const send = (headers: Record<string, string>, body = "{}") =>
      fetch(url, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body });

    const ping = { siteId, signingSecret, method: "POST", route: "/postwright/v1/service/ping", body: "{}" };
    const signed = signPluginRequest(ping);
    expect((await send(signed)).status).toBe(200);
    expect((await send(signed)).status).toBe(401); // the same nonce again
    const tampered = signPluginRequest(ping);
    expect((await send(tampered, '{"x":1}')).status).toBe(401);
    const stale = signPluginRequest(ping, new Date(Date.now() - 301_000));
    expect((await send(stale)).status).toBe(401);
    const wrongKey = signPluginRequest({ ...ping, signingSecret: "0".repeat(64) });
    expect((await send(wrongKey)).status).toBe(401);
    const otherRoute = signPluginRequest({ ...ping, route: "/postwright/v1/service/publish" });
    expect((await send(otherRoute)).status).toBe(401);
  });
});

describe("publishing through the plugin", () => {
  it("publishes the post with the site's signature and its SEO fields, and a second publication updates it", async () => {
    const { userId } = await connectedUser();
    const postId = await seedPost(db, userId, "Ten ways to brew better coffee");
    const target = await resolvePublishTarget(deps, { userId, platform: "wordpress" });
    const post = {
      id: postId,
      title: "Ten ways to brew better coffee",
      html: '<p>Brew it fresh.</p><img src="/uploads/a.png" alt="Beans">',
      metaDescription: "How to brew coffee.",
      keywords: ["coffee"],
      images: [],
      handle: `ten-ways-to-brew-better-coffee-pw${postId}`,
      author: "Ada",
      seoTitle: null,
      slug: null,
      focusKeyphrase: null,
    };
    const first = await target.publish(post, { remoteId: null });
    const second = await target.publish(
      { ...post, title: "Eleven ways to brew better coffee" },
      { remoteId: first.remoteId },
    );
    expect(second.remoteId).toBe(first.remoteId);
    const stored = [...plugin.posts.values()].filter((p) => p.postId === Number(first.remoteId));
    expect(stored).toEqual([
      expect.objectContaining({
        title: "Eleven ways to brew better coffee",
        metaDescription: "How to brew coffee.",
        focusKeyphrase: "coffee",
        writes: 2,
      }),
    ]);
  });

  it("publishes a scheduled post once even when the site's first answer is lost", async () => {
    const { userId } = await connectedUser();
    const postId = await seedPost(db, userId, "Cold brew at home");
    let clock = new Date();
    await schedulePost(
      { db },
      {
        userId,
        postId,
        scheduledDate: new Date(clock.getTime() - 1000),
        platforms: ["wordpress"],
        now: new Date(clock.getTime() - 60_000),
      },
    );
    const scheduler = createScheduler({
      db,
      resolveTarget: ({ userId: owner, platform }) => resolvePublishTarget(deps, { userId: owner, platform }),
      instanceId: "plugin-test",
      now: () => clock,
    });
    const before = plugin.posts.size;
    plugin.loseNextAnswer();
    const firstRun = await scheduler.runUntilIdle();
    expect(firstRun.retried).toBe(1);
    expect(plugin.posts.size).toBe(before + 1);

    clock = new Date(clock.getTime() + 60 * 60_000);
    const secondRun = await scheduler.runUntilIdle();
    expect(secondRun.published).toBe(1);
    expect(plugin.posts.size).toBe(before + 1);
    const publication = await db.prisma.postPublication.findFirstOrThrow({ where: { postId, platform: "wordpress" } });
    const stored = [...plugin.posts.values()].find((p) => String(p.postId) === publication.remoteId);
    expect(stored?.writes).toBe(2);
    expect(publication.status).toBe("published");
    expect(publication.remoteUrl).toMatch(/cold-brew-at-home/);
  });

  it("tells the user to connect again when the site refuses the signature", async () => {
    const { userId, siteId } = await connectedUser();
    secrets.set(siteId, "f".repeat(64)); // the plugin was connected to another account since
    const target = await resolvePublishTarget(deps, { userId, platform: "wordpress" });
    const post = {
      id: 1,
      title: "T",
      html: "<p>x</p>",
      metaDescription: null,
      keywords: [],
      images: [],
      handle: "t-pw1",
      author: "A",
      seoTitle: null,
      slug: null,
      focusKeyphrase: null,
    };
    await expect(target.publish(post, { remoteId: null })).rejects.toThrow(/Connect the site again/);
  });
});

describe("the dashboard's connection check", () => {
  it("pings the plugin with a signed request, and says so when the site no longer accepts it", async () => {
    const { userId, siteId } = await connectedUser();
    const connection = await db.prisma.wordpressConnection.findFirstOrThrow({ where: { userId } });
    expect(await checkPluginSite(deps, { userId, connectionId: connection.id })).toEqual({
      valid: true,
      version: "1.0.0",
    });
    secrets.delete(siteId);
    const refused = await checkPluginSite(deps, { userId, connectionId: connection.id });
    expect(refused.valid).toBe(false);
    expect(refused.message).toMatch(/Connect the site again/);
  });
});
