// "Your posts" on the site's API (GET /api/site-posts) and the plugin's (GET /api/v1/site-posts): the member's own
// site's analysed posts, highest opportunity first, paged; nothing of anyone else's; bad paging and platforms are a
// 400 with its message. Every answer is checked against the API's OpenAPI document.
import type { Express } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SitePostsPage } from "@postwright/core/contracts";
import { analyzeSitePosts, saveSitePosts, type RemoteSitePost } from "@postwright/core/site-posts";
import { createTestApp, type TestAgent, type TestApp } from "../testing/index.ts";
import { checkedRequest, conformsTo } from "../testing/openapi-conformance.ts";

let t: TestApp;
let app: Express;
let check: ReturnType<typeof conformsTo>;
const api = () => checkedRequest(app, check);

beforeAll(async () => {
  t = await createTestApp({
    env: { APP_URL: "https://app.example.com" },
    app: { apiV1: { exchangesPerMinute: 1000 } },
  });
  app = t.app;
  const document = (await request(app).get("/api/v1/openapi.json")).body as Parameters<typeof conformsTo>[0];
  check = conformsTo(document, "/api/v1");
});
afterAll(async () => {
  await t?.close();
});

let counter = 0;

/** A member whose WordPress site is connected through the plugin, its credential, and `count` analysed posts. */
async function memberWithPosts(count: number) {
  const agent = t.agent();
  const { user } = await t.signUpAndLogin(agent);
  counter += 1;
  const siteUrl = `https://posts${counter}.example.com`;
  const approved = await agent.post("/api/connect/wordpress/approve").send({
    siteUrl,
    restUrl: `${siteUrl}/wp-json/`,
    state: "state-".padEnd(40, "x"),
    returnUrl: `${siteUrl}/wp-admin/admin.php?page=postwright`,
  });
  expect(approved.status).toBe(200);
  const code = new URL(approved.body.redirectUrl as string).searchParams.get("postwright_code");
  const exchanged = await api().post("/api/v1/connect/exchange").send({ code, siteUrl });
  expect(exchanged.status).toBe(200);
  const connection = await t.db.prisma.wordpressConnection.findFirstOrThrow({ where: { userId: user.id } });
  const now = new Date();
  const posts: RemoteSitePost[] = Array.from({ length: count }, (_, i) => ({
    remoteId: String(i + 1),
    url: `${siteUrl}/post-${i + 1}/`,
    title: `Post number ${i + 1} about coffee`,
    slug: `post-${i + 1}`,
    // Longer posts score higher: the opportunities differ.
    html: `<p>${"Coffee is brewed with care. ".repeat(i * 20 + 1)}</p>`,
    seoTitle: null,
    metaDescription: "",
    keyphrase: null,
    keyphraseSource: null,
    publishedAt: new Date(now.getTime() - i * 86_400_000),
    modifiedAt: null,
  }));
  await saveSitePosts(t.db.prisma, {
    userId: user.id,
    platform: "wordpress",
    connectionId: connection.id,
    posts: analyzeSitePosts(posts, { siteUrl, otherPages: [], now }),
    now,
  });
  return { agent, user, connection, bearer: `Bearer ${exchanged.body.credential as string}` };
}

const list = async (agent: TestAgent, query = "") => {
  const res = await agent.get(`/api/site-posts${query}`);
  return { status: res.status, body: res.body as SitePostsPage & { message?: string } };
};

describe("GET /api/site-posts", () => {
  it("asks for a session", async () => {
    const res = await t.request().get("/api/site-posts");
    expect(res.status).toBe(401);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it("answers no site and no posts to a member with no site connected", async () => {
    const agent = t.agent();
    await t.signUpAndLogin(agent);
    expect(await list(agent)).toEqual({
      status: 200,
      body: { site: null, posts: [], page: 1, pageSize: 25, total: 0 },
    });
  });

  it("answers the member's site's posts, highest opportunity first, page by page, and nobody else's", async () => {
    const member = await memberWithPosts(30);
    const other = await memberWithPosts(3);
    const first = await list(member.agent);
    expect(first.status).toBe(200);
    expect(first.body.site).toMatchObject({
      platform: "wordpress",
      connectionId: member.connection.id,
      state: "queued",
    });
    expect(first.body).toMatchObject({ page: 1, pageSize: 25, total: 30 });
    expect(first.body.posts).toHaveLength(25);
    const second = await list(member.agent, "?platform=wordpress&page=2&pageSize=25");
    expect(second.body.posts).toHaveLength(5);
    const all = [...first.body.posts, ...second.body.posts];
    expect(new Set(all.map((p) => p.id)).size).toBe(30);
    const opportunities = all.map((p) => p.opportunity);
    expect(opportunities).toEqual([...opportunities].sort((a, b) => b - a));
    expect(opportunities[0]).toBeGreaterThan(opportunities[29]!);
    const post = all[0]!;
    expect(post.url).toMatch(new RegExp(`^https://posts${counter - 1}\\.example\\.com/`));
    expect(post.failingChecks[0]).toEqual({
      id: expect.any(String),
      label: expect.any(String),
      message: expect.any(String),
    });
    expect(post).toMatchObject({ keyphraseSource: "title", search: null, linksIn: 0, linksOut: 0 });
    expect(post.ageDays).toEqual(expect.any(Number));

    const theirs = await list(other.agent);
    expect(theirs.body.total).toBe(3);
    expect(theirs.body.posts.every((p) => p.url.startsWith(`https://posts${counter}.example.com/`))).toBe(true);
    // A platform with no site connected answers no site.
    expect((await list(member.agent, "?platform=shopify")).body).toMatchObject({ site: null, total: 0 });
  });

  it("refuses a bad platform or page with its message", async () => {
    const agent = t.agent();
    await t.signUpAndLogin(agent);
    for (const [query, words] of [
      ["?platform=joomla", "platform must be shopify or wordpress."],
      ["?pageSize=500", "pageSize must be a whole number from 1 to 100."],
      ["?page=0", "page must be a whole number from 1."],
      ["?page=abc", "page must be a whole number from 1."],
    ] as const) {
      const res = await list(agent, query);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toContain(words);
    }
  });
});

describe("GET /api/v1/site-posts", () => {
  it("answers the plugin's own site's posts only, to its credential only", async () => {
    const member = await memberWithPosts(4);
    const other = await memberWithPosts(2);
    const res = await api().get("/api/v1/site-posts?pageSize=3").set("Authorization", member.bearer);
    expect(res.status).toBe(200);
    const body = res.body as SitePostsPage;
    expect(body.site).toMatchObject({ platform: "wordpress", connectionId: member.connection.id });
    expect(body).toMatchObject({ page: 1, pageSize: 3, total: 4 });
    expect(body.posts).toHaveLength(3);
    const theirs = await api().get("/api/v1/site-posts").set("Authorization", other.bearer);
    expect((theirs.body as SitePostsPage).total).toBe(2);
    expect((theirs.body as SitePostsPage).site?.connectionId).toBe(other.connection.id);

    expect((await api().get("/api/v1/site-posts")).status).toBe(401);
    const bad = await api().get("/api/v1/site-posts?pageSize=0").set("Authorization", member.bearer);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("pageSize must be a whole number from 1 to 100.");
  });
});
