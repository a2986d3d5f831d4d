// Search Console for each of an owner's sites, against the local Google fake: a Shopify store and a WordPress site of
// one member, each connected with its own property and figures; connecting one again replaces its own connection
// only; disconnecting or removing one leaves the other (Google's access is revoked only with the last, since Google
// revokes a whole grant and the fake does the same); and another
// member reaches neither.
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deleteConnection } from "../../core/src/connections/delete-connection.ts";
import { claimJobs } from "../../core/src/jobs/index.ts";
import { decryptSecret, encryptSecret } from "../../core/src/security/index.ts";
import {
  chooseSearchConsoleProperty,
  completeSearchConsoleConnect,
  disconnectSearchConsole,
  getSearchConsoleStatus,
  listSearchConsoleIdeas,
  NOT_CONNECTED,
  runSearchConsoleJob,
  SEARCH_CONSOLE_JOB,
  searchPeriods,
  startSearchConsoleConnect,
  type SearchConsoleDeps,
} from "../../core/src/search-console/index.ts";
import { listSitePosts } from "../../core/src/site-posts/index.ts";
import { createTestDatabase, type TestDatabase } from "../../core/src/testing/index.ts";
import { startFakeGoogle, type FakeAnalyticsRow, type FakeGoogle } from "../fakes/google/index.ts";
import { seedUser } from "../support/scheduler/seed.ts";

type Platform = "shopify" | "wordpress";

const STORE = "https://beans-shop.example";
const BLOG = "https://roastery-blog.example";
const STORE_PROPERTY = "https://beans-shop.example/";
const BLOG_PROPERTY = "https://roastery-blog.example/";
const NOW = new Date("2026-11-20T12:00:00.000Z");
const encryptionKey = randomBytes(32);

let db: TestDatabase;
let google: FakeGoogle;
let deps: SearchConsoleDeps;
let userId: number;
let site: Record<Platform, number>;
let owner = 0;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

const periods = searchPeriods(NOW);
const day = (row: Omit<FakeAnalyticsRow, "date">): FakeAnalyticsRow => ({ date: periods.current.startDate, ...row });

beforeEach(async () => {
  google = await startFakeGoogle({ now: () => NOW.getTime() });
  google.seedSites([
    { siteUrl: STORE_PROPERTY, permissionLevel: "siteOwner" },
    { siteUrl: BLOG_PROPERTY, permissionLevel: "siteOwner" },
    { siteUrl: "sc-domain:roastery-blog.example", permissionLevel: "siteFullUser" },
  ]);
  google.seedAnalytics(STORE_PROPERTY, [
    day({
      page: `${STORE}/blogs/news/espresso`,
      query: "espresso beans online",
      clicks: 30,
      impressions: 300,
      position: 3,
    }),
  ]);
  google.seedAnalytics(BLOG_PROPERTY, [
    day({ page: `${BLOG}/pour-over/`, query: "pour over ratio grams", clicks: 4, impressions: 80, position: 9 }),
  ]);
  deps = {
    prisma: db.prisma,
    encryptionKey,
    google: { clientId: google.clientId, clientSecret: google.clientSecret, apiBase: google.url },
    publicUrl: "http://app.test",
    now: () => NOW,
  };
  userId = await seedUser(db);
  const store = await db.prisma.shopifyConnection.create({
    data: { userId, storeName: "Beans", storeUrl: STORE, apiKey: "k", password: "v1:x", blogId: "1", isActive: true },
  });
  const blog = await db.prisma.wordpressConnection.create({
    data: { userId, siteName: "Roastery", siteUrl: BLOG, username: "ada", applicationPassword: "v1:x", isActive: true },
  });
  site = { shopify: store.id, wordpress: blog.id };
  for (const [platform, url, title] of [
    ["shopify", `${STORE}/blogs/news/espresso`, "Espresso at home"],
    ["wordpress", `${BLOG}/pour-over/`, "Pour over for beginners"],
  ] as const) {
    await db.prisma.sitePost.create({
      data: {
        userId,
        platform,
        connectionId: site[platform],
        remoteId: "1",
        url,
        title,
        words: 600,
        score: 60,
        keyphrase: title.toLowerCase(),
        keyphraseSource: "title",
        linksIn: 2,
        opportunity: 40,
        analysedAt: NOW,
      },
    });
  }
});
afterEach(async () => {
  await google.close();
});

/** Connects Search Console for the member's site on `platform`, through Google's consent screen at the fake. */
async function connect(platform: Platform): Promise<void> {
  const { authorizeUrl } = await startSearchConsoleConnect(deps, { userId, platform });
  const res = await fetch(authorizeUrl, { redirect: "manual" });
  const back = Object.fromEntries(new URL(res.headers.get("location")!).searchParams);
  await completeSearchConsoleConnect(deps, { userId, callback: back });
}

async function readFigures(): Promise<string[]> {
  const ids = await claimJobs(db.prisma, SEARCH_CONSOLE_JOB.queue, {
    owner: `sites:${++owner}`,
    now: new Date(),
    leaseMs: 60_000,
    limit: 10,
    where: (param) => `"userId" = ${param(userId)}`,
  });
  return Promise.all(ids.map((jobId) => runSearchConsoleJob(deps, { jobId, owner: `sites:${owner}` })));
}

const stored = (platform: Platform) =>
  db.prisma.searchConsoleConnection.findFirstOrThrow({
    where: { userId, platform, connectionId: site[platform] },
  });

/** The refresh token Google gave for a site's connection (in clear). */
const refreshTokenOf = async (platform: Platform) =>
  decryptSecret((await stored(platform)).refreshToken, encryptionKey);

const revokedTokens = () => google.requests.filter((r) => r.path === "/revoke").map((r) => r.query.token);

const postFigures = async (platform: Platform) =>
  (await listSitePosts({ prisma: db.prisma, now: () => NOW }, { userId, platform, page: 1, pageSize: 10 })).posts.map(
    (p) => p.search && { clicks: p.search.clicks, impressions: p.search.impressions },
  );

describe("Search Console for each of a member's sites", () => {
  it("connects the store and the WordPress site each with its own property, figures and ideas", async () => {
    await connect("shopify");
    await connect("wordpress");
    expect(await db.prisma.searchConsoleConnection.count({ where: { userId } })).toBe(2);
    // Connecting the second site left the first one's tokens alone.
    expect(revokedTokens()).toEqual([]);
    expect(await readFigures()).toEqual(["ready", "ready"]);

    const store = await getSearchConsoleStatus(deps, { userId, platform: "shopify" });
    const blog = await getSearchConsoleStatus(deps, { userId, platform: "wordpress" });
    expect(store.connection).toMatchObject({
      state: "connected",
      platform: "shopify",
      connectionId: site.shopify,
      property: STORE_PROPERTY,
      reading: "ready",
    });
    expect(blog.connection).toMatchObject({
      state: "connected",
      platform: "wordpress",
      connectionId: site.wordpress,
      property: BLOG_PROPERTY,
      reading: "ready",
    });
    expect(await postFigures("shopify")).toEqual([{ clicks: 30, impressions: 300 }]);
    expect(await postFigures("wordpress")).toEqual([{ clicks: 4, impressions: 80 }]);
    expect((await listSearchConsoleIdeas(deps, { userId, platform: "shopify" })).ideas.map((i) => i.query)).toEqual([
      "espresso beans online",
    ]);
    expect((await listSearchConsoleIdeas(deps, { userId, platform: "wordpress" })).ideas.map((i) => i.query)).toEqual([
      "pour over ratio grams",
    ]);
    // The plugin's own site sees that site's connection only.
    const plugin = { platform: "wordpress" as const, connectionId: site.wordpress };
    expect((await getSearchConsoleStatus(deps, { userId, site: plugin })).connection?.property).toBe(BLOG_PROPERTY);
  });

  it("chooses a property for one site without touching the other's", async () => {
    await connect("shopify");
    await connect("wordpress");
    await readFigures();
    const status = await chooseSearchConsoleProperty(deps, {
      userId,
      platform: "wordpress",
      siteUrl: "sc-domain:roastery-blog.example",
    });
    expect(status.connection).toMatchObject({
      platform: "wordpress",
      property: "sc-domain:roastery-blog.example",
      reading: "queued",
    });
    expect(await postFigures("wordpress")).toEqual([null]);
    expect((await getSearchConsoleStatus(deps, { userId, platform: "shopify" })).connection).toMatchObject({
      property: STORE_PROPERTY,
      reading: "ready",
    });
    expect(await postFigures("shopify")).toEqual([{ clicks: 30, impressions: 300 }]);
  });

  it("connects the same site again in place of its own connection only, its old token forgotten, not revoked", async () => {
    await connect("shopify");
    await connect("wordpress");
    await readFigures();
    const storeBefore = await stored("shopify");
    const blogToken = await refreshTokenOf("wordpress");

    await connect("wordpress");
    expect(await db.prisma.searchConsoleConnection.count({ where: { userId } })).toBe(2);
    // Revoking the old token would end the Google grant the new one belongs to.
    expect(revokedTokens()).toEqual([]);
    expect(await refreshTokenOf("wordpress")).not.toBe(blogToken);
    expect(await stored("shopify")).toEqual(storeBefore);
    expect(google.tokens.get(decryptSecret(storeBefore.refreshToken, encryptionKey))!.revoked).toBe(false);
    // Same property: the figures read stay until the next read.
    expect(await postFigures("shopify")).toEqual([{ clicks: 30, impressions: 300 }]);
    expect(await postFigures("wordpress")).toEqual([{ clicks: 4, impressions: 80 }]);
  });

  it("disconnects one site and leaves the other connected, with its figures and its token, revoking only with the last", async () => {
    await connect("shopify");
    await connect("wordpress");
    await readFigures();
    const storeToken = await refreshTokenOf("shopify");
    const blogToken = await refreshTokenOf("wordpress");

    expect(await disconnectSearchConsole(deps, { userId, platform: "wordpress" })).toEqual({
      configured: true,
      connection: null,
    });
    expect(revokedTokens()).toEqual([]);
    expect(await getSearchConsoleStatus(deps, { userId, platform: "wordpress" })).toEqual({
      configured: true,
      connection: null,
    });
    expect(await postFigures("wordpress")).toEqual([null]);
    expect((await listSearchConsoleIdeas(deps, { userId, platform: "wordpress" })).ideas).toEqual([]);

    expect((await getSearchConsoleStatus(deps, { userId, platform: "shopify" })).connection).toMatchObject({
      state: "connected",
      property: STORE_PROPERTY,
    });
    expect(google.tokens.get(storeToken)!.revoked).toBe(false);
    expect(await postFigures("shopify")).toEqual([{ clicks: 30, impressions: 300 }]);
    // The store's figures are still read with its own token.
    await db.prisma.searchConsoleJob.updateMany({ where: { userId }, data: { nextAttemptAt: NOW } });
    expect(await readFigures()).toEqual(["ready"]);

    await disconnectSearchConsole(deps, { userId, platform: "shopify" });
    expect(revokedTokens()).toEqual([storeToken]);
    expect(google.tokens.get(blogToken)!.revoked).toBe(true);
  });

  it("removes a site's connection with the site, and revokes Google's access only with the last", async () => {
    await connect("shopify");
    await connect("wordpress");
    // Both sites read with one token (the same Google grant).
    const shared = await refreshTokenOf("shopify");
    await db.prisma.searchConsoleConnection.updateMany({
      where: { userId, platform: "wordpress" },
      data: { refreshToken: encryptSecret(shared, encryptionKey) },
    });
    const connections = { prisma: db.prisma, encryptionKey, google: deps.google };

    await deleteConnection(connections, { userId, platform: "wordpress", connectionId: site.wordpress });
    expect(await db.prisma.searchConsoleConnection.count({ where: { userId, platform: "wordpress" } })).toBe(0);
    expect(revokedTokens()).toEqual([]);
    expect((await getSearchConsoleStatus(deps, { userId, platform: "shopify" })).connection).toMatchObject({
      state: "connected",
    });

    await deleteConnection(connections, { userId, platform: "shopify", connectionId: site.shopify });
    expect(await db.prisma.searchConsoleConnection.count({ where: { userId } })).toBe(0);
    expect(revokedTokens()).toEqual([shared]);
  });

  it("lets another member reach neither site's connection", async () => {
    await connect("shopify");
    await connect("wordpress");
    await readFigures();
    const other = await seedUser(db, "Eve");
    await db.prisma.wordpressConnection.create({
      data: {
        userId: other,
        siteName: "Eve's",
        siteUrl: "https://eve.example",
        username: "eve",
        applicationPassword: "v1:x",
        isActive: true,
      },
    });
    const before = await db.prisma.searchConsoleConnection.findMany({ where: { userId }, orderBy: { id: "asc" } });

    for (const platform of ["shopify", "wordpress"] as const) {
      // The member's own sites named outright (as a credential of theirs would) are still not the other's.
      const theirs = { platform, connectionId: site[platform] };
      for (const input of [
        { userId: other, platform },
        { userId: other, site: theirs },
      ]) {
        expect(await getSearchConsoleStatus(deps, input)).toEqual({ configured: true, connection: null });
        expect((await listSearchConsoleIdeas(deps, input)).ideas).toEqual([]);
        await expect(chooseSearchConsoleProperty(deps, { ...input, siteUrl: STORE_PROPERTY })).rejects.toThrow(
          NOT_CONNECTED,
        );
        await disconnectSearchConsole(deps, input);
      }
      await expect(
        deleteConnection(
          { prisma: db.prisma, encryptionKey, google: deps.google },
          { userId: other, platform, connectionId: site[platform] },
        ),
      ).rejects.toThrow(/No (Shopify store|WordPress site) is connected/);
    }
    expect(await db.prisma.searchConsoleConnection.findMany({ where: { userId }, orderBy: { id: "asc" } })).toEqual(
      before,
    );
    expect(revokedTokens()).toEqual([]);
    expect(await postFigures("shopify")).toEqual([{ clicks: 30, impressions: 300 }]);
    expect(await postFigures("wordpress")).toEqual([{ clicks: 4, impressions: 80 }]);
  });
});
