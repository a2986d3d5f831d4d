// Search Console against the local Google fake (OAuth 2.0 authorization, token and revocation endpoints, Search
// Console API v3): connecting with consent, PKCE and a state bound to the member (or, from the plugin, to its site,
// with no member session, used once); the property that covers the site,
// or the owner's choice; tokens stored encrypted, refreshed when expired, revoked on disconnect; a refused refresh
// token asking the owner to reconnect; the figures read per page and per query for two periods, page by page, joined
// into "Your posts" (refresh candidates with their reason, the opportunity) and queries no page answers as ideas.
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deleteConnection } from "../../core/src/connections/delete-connection.ts";
import { claimJobs } from "../../core/src/jobs/index.ts";
import {
  chooseSearchConsoleProperty,
  completeSearchConsoleConnect,
  disconnectSearchConsole,
  getSearchConsoleStatus,
  listSearchConsoleIdeas,
  runSearchConsoleJob,
  SEARCH_CONSOLE_JOB,
  searchPeriods,
  startSearchConsoleConnect,
  STATE_REFUSED,
  type SearchConsoleDeps,
} from "../../core/src/search-console/index.ts";
import { listSitePosts } from "../../core/src/site-posts/index.ts";
import { createTestDatabase, type TestDatabase } from "../../core/src/testing/index.ts";
import { startFakeGoogle, WEBMASTERS_READONLY, type FakeAnalyticsRow, type FakeGoogle } from "../fakes/google/index.ts";
import { seedUser } from "../support/scheduler/seed.ts";

const SITE = "https://roastery.example";
const PROPERTY = "https://roastery.example/";
const NOW = new Date("2026-11-20T12:00:00.000Z");
const encryptionKey = randomBytes(32);

let db: TestDatabase;
let google: FakeGoogle;
let deps: SearchConsoleDeps;
let userId: number;
let connectionId: number;
let owner = 0;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

beforeEach(async () => {
  google = await startFakeGoogle({ now: () => NOW.getTime() });
  google.seedSites([
    { siteUrl: PROPERTY, permissionLevel: "siteOwner" },
    { siteUrl: "sc-domain:other.example", permissionLevel: "siteFullUser" },
  ]);
  deps = {
    prisma: db.prisma,
    encryptionKey,
    google: { clientId: google.clientId, clientSecret: google.clientSecret, apiBase: google.url },
    publicUrl: "http://app.test",
    now: () => NOW,
  };
  userId = await seedUser(db);
  const site = await db.prisma.wordpressConnection.create({
    data: { userId, siteName: "Roastery", siteUrl: SITE, username: "ada", applicationPassword: "v1:x", isActive: true },
  });
  connectionId = site.id;
});
afterEach(async () => {
  await google.close();
});

/** The state with one character of its encrypted part changed. */
const tamper = (state: string) => {
  const at = state.length - 12;
  return `${state.slice(0, at)}${state[at] === "A" ? "B" : "A"}${state.slice(at + 1)}`;
};

/** Follows the consent screen's address at the fake like a browser, and returns where Google sends it back. */
async function consent(authorizeUrl: string): Promise<Record<string, string>> {
  const res = await fetch(authorizeUrl, { redirect: "manual" });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get("location")!);
  expect(`${back.origin}${back.pathname}`).toBe("http://app.test/api/search-console/callback");
  return Object.fromEntries(back.searchParams);
}

async function connect(): Promise<void> {
  const { authorizeUrl } = await startSearchConsoleConnect(deps, { userId });
  await completeSearchConsoleConnect(deps, { userId, callback: await consent(authorizeUrl) });
}

async function runJob(pageRows?: number) {
  const ids = await claimJobs(db.prisma, SEARCH_CONSOLE_JOB.queue, {
    owner: `test:${++owner}`,
    now: new Date(),
    leaseMs: 60_000,
    limit: 10,
    where: (param) => `"userId" = ${param(userId)}`,
  });
  expect(ids.length).toBeGreaterThan(0);
  return Promise.all(ids.map((jobId) => runSearchConsoleJob(deps, { jobId, owner: `test:${owner}`, pageRows })));
}

const periods = searchPeriods(NOW);
const day = (period: "current" | "previous", row: Omit<FakeAnalyticsRow, "date">): FakeAnalyticsRow => ({
  date: periods[period].startDate,
  ...row,
});

async function seedPost(remoteId: string, url: string, title: string, keyphrase: string) {
  return db.prisma.sitePost.create({
    data: {
      userId,
      platform: "wordpress",
      connectionId,
      remoteId,
      url,
      title,
      words: 600,
      score: 60,
      keyphrase,
      keyphraseSource: "title",
      linksIn: 2,
      opportunity: 40,
      analysedAt: NOW,
    },
  });
}

describe("connecting Search Console", () => {
  it("asks Google for read-only offline access with PKCE, and stores the tokens encrypted with the matching property", async () => {
    const { authorizeUrl } = await startSearchConsoleConnect(deps, { userId });
    const asked = new URL(authorizeUrl);
    expect(asked.origin + asked.pathname).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      client_id: google.clientId,
      redirect_uri: "http://app.test/api/search-console/callback",
      response_type: "code",
      scope: WEBMASTERS_READONLY,
      access_type: "offline",
      prompt: "consent",
      code_challenge_method: "S256",
    });
    // The state is opaque: neither the member nor the PKCE verifier can be read from it.
    const state = asked.searchParams.get("state")!;
    const readable = state
      .split(":")
      .map((part) => Buffer.from(part, "base64url").toString("latin1"))
      .join(" ");
    expect(readable).not.toMatch(/userId|verifier|wordpress/);

    const back = await consent(authorizeUrl);
    expect(back.state).toBe(state);
    await expect(completeSearchConsoleConnect(deps, { userId, callback: back })).resolves.toEqual({
      property: PROPERTY,
    });

    const token = google.requests.find((r) => r.path === "/token")!;
    expect(token.form).toMatchObject({ grant_type: "authorization_code", code: back.code });
    expect(token.form!.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(state).not.toContain(token.form!.code_verifier);
    const stored = await db.prisma.searchConsoleConnection.findFirstOrThrow({ where: { userId } });
    const issued = [...google.tokens.keys()];
    expect(issued.some((t) => stored.accessToken.includes(t) || stored.refreshToken.includes(t))).toBe(false);
    expect(stored).toMatchObject({ propertyUrl: PROPERTY, state: "connected", platform: "wordpress", connectionId });
    const status = await getSearchConsoleStatus(deps, { userId });
    expect(status.connection).toMatchObject({ state: "connected", property: PROPERTY, reading: "queued" });
    expect(status.connection!.properties).toHaveLength(2);
    expect(JSON.stringify(status)).not.toMatch(/ya29\.|1\/\/0/);
  });

  it("refuses a state from another member, a refusal at Google, and a code used twice", async () => {
    const { authorizeUrl } = await startSearchConsoleConnect(deps, { userId });
    const back = await consent(authorizeUrl);
    const other = await seedUser(db, "Eve");
    await expect(completeSearchConsoleConnect(deps, { userId: other, callback: back })).rejects.toThrow(STATE_REFUSED);
    await expect(
      completeSearchConsoleConnect(deps, { userId, callback: { ...back, state: tamper(back.state!) } }),
    ).rejects.toThrow(STATE_REFUSED);

    google.denyNext = true;
    const denied = await consent((await startSearchConsoleConnect(deps, { userId })).authorizeUrl);
    expect(denied.error).toBe("access_denied");
    await expect(completeSearchConsoleConnect(deps, { userId, callback: denied })).rejects.toThrow(
      "You did not give Postwright access to Search Console",
    );

    await completeSearchConsoleConnect(deps, { userId, callback: back });
    await expect(completeSearchConsoleConnect(deps, { userId, callback: back })).rejects.toThrow(
      "This Google approval was already used or has expired",
    );
    expect(await db.prisma.searchConsoleConnection.count({ where: { userId } })).toBe(1);
  });

  it("completes a connect the plugin started with no member session: bound to its site, once, while it is valid", async () => {
    const returnUrl = `${SITE}/wp-admin/admin.php?page=postwright-your-posts`;
    const plugin = { platform: "wordpress" as const, connectionId };
    const start = () => startSearchConsoleConnect(deps, { userId, site: plugin, returnUrl });
    const back = await consent((await start()).authorizeUrl);

    // Whoever is signed in to Postwright in that browser (nobody, or another member), the site's account is connected.
    const other = await seedUser(db, "Eve");
    await expect(completeSearchConsoleConnect(deps, { callback: back })).resolves.toEqual({ property: PROPERTY });
    expect(await db.prisma.searchConsoleConnection.findFirst({ where: { userId } })).toMatchObject({
      platform: "wordpress",
      connectionId,
      propertyUrl: PROPERTY,
      state: "connected",
    });
    expect(await db.prisma.searchConsoleConnection.count({ where: { userId: other } })).toBe(0);

    // Used once: a replay (a reload of Google's answer) is refused before Google is asked again.
    const tokenCalls = google.requests.filter((r) => r.path === "/token").length;
    await expect(completeSearchConsoleConnect(deps, { callback: back })).rejects.toThrow(
      "This Google approval was already used",
    );
    await expect(completeSearchConsoleConnect(deps, { userId, callback: back })).rejects.toThrow(/already used/);
    expect(google.requests.filter((r) => r.path === "/token").length).toBe(tokenCalls);

    // Changed, expired (past 15 minutes), or not the site's: nothing is completed.
    const fresh = await consent((await start()).authorizeUrl);
    await expect(
      completeSearchConsoleConnect(deps, { callback: { ...fresh, state: tamper(fresh.state!) } }),
    ).rejects.toThrow(STATE_REFUSED);
    const later = { ...deps, now: () => new Date(NOW.getTime() + 16 * 60_000) };
    await expect(completeSearchConsoleConnect(later, { callback: fresh })).rejects.toThrow(STATE_REFUSED);
    // A member's own connect still needs that member's session.
    const member = await consent((await startSearchConsoleConnect(deps, { userId })).authorizeUrl);
    await expect(completeSearchConsoleConnect(deps, { callback: member })).rejects.toThrow(STATE_REFUSED);
    await expect(completeSearchConsoleConnect(deps, { userId: other, callback: member })).rejects.toThrow(
      STATE_REFUSED,
    );

    // A site turned off on the service since the connect started is not connected.
    await db.prisma.wordpressConnection.update({ where: { id: connectionId }, data: { isActive: false } });
    await expect(completeSearchConsoleConnect(deps, { callback: fresh })).rejects.toThrow(/no longer connected/);
  });

  it("removes the site's Search Console connection with the site, revoking its token, and starts afresh for a new site", async () => {
    await connect();
    const refreshToken = [...google.tokens].find(([, t]) => t.kind === "refresh")![0];
    await deleteConnection(
      { prisma: db.prisma, encryptionKey, google: deps.google },
      { userId, platform: "wordpress" },
    );
    expect(await db.prisma.searchConsoleConnection.count({ where: { userId } })).toBe(0);
    expect(await db.prisma.searchConsoleJob.count({ where: { userId } })).toBe(0);
    expect(google.requests.find((r) => r.path === "/revoke")?.query.token).toBe(refreshToken);
    expect(google.tokens.get(refreshToken)!.revoked).toBe(true);
    expect(await getSearchConsoleStatus(deps, { userId })).toEqual({ configured: true, connection: null });
    const next = await db.prisma.wordpressConnection.create({
      data: {
        userId,
        siteName: "Roastery",
        siteUrl: SITE,
        username: "ada",
        applicationPassword: "v1:x",
        isActive: true,
      },
    });
    await connect();
    expect((await getSearchConsoleStatus(deps, { userId })).connection).toMatchObject({
      state: "connected",
      connectionId: next.id,
      reading: "queued",
      error: null,
    });
  });

  it("says Search Console is not set up when the server has no Google client", async () => {
    await expect(startSearchConsoleConnect({ ...deps, google: undefined }, { userId })).rejects.toThrow(
      "Search Console is not set up on this server",
    );
    expect(await getSearchConsoleStatus({ ...deps, google: undefined }, { userId })).toEqual({
      configured: false,
      connection: null,
    });
  });

  it("lets the owner choose a property when none covers the site, and reads it then", async () => {
    google.seedSites([
      { siteUrl: "https://shop.roastery-beans.example/", permissionLevel: "siteOwner" },
      { siteUrl: "sc-domain:roastery-beans.example", permissionLevel: "siteFullUser" },
      { siteUrl: "https://unverified.example/", permissionLevel: "siteUnverifiedUser" },
    ]);
    await connect();
    let status = await getSearchConsoleStatus(deps, { userId });
    expect(status.connection).toMatchObject({ property: null, reading: null });
    expect(await db.prisma.searchConsoleJob.count({ where: { userId } })).toBe(0);

    await expect(chooseSearchConsoleProperty(deps, { userId, siteUrl: "https://nobody.example/" })).rejects.toThrow(
      "not one of the Search Console properties",
    );
    await expect(chooseSearchConsoleProperty(deps, { userId, siteUrl: "https://unverified.example/" })).rejects.toThrow(
      "not verified",
    );
    status = await chooseSearchConsoleProperty(deps, { userId, siteUrl: "sc-domain:roastery-beans.example" });
    expect(status.connection).toMatchObject({ property: "sc-domain:roastery-beans.example", reading: "queued" });
    expect(await runJob()).toEqual(["ready"]);
    const query = google.requests.find((r) => r.path.endsWith("/searchAnalytics/query"))!;
    expect(query.path).toBe(
      `/webmasters/v3/sites/${encodeURIComponent("sc-domain:roastery-beans.example")}/searchAnalytics/query`,
    );
  });
});

describe("reading the figures", () => {
  it("joins pages into Your posts for both periods, page by page, and marks the posts losing clicks", async () => {
    await seedPost("1", `${SITE}/cold-brew/`, "Cold brew at home", "cold brew");
    await seedPost("2", `${SITE}/grinders/`, "Choosing a grinder", "coffee grinder");
    await seedPost("3", `${SITE}/unseen/`, "Nobody finds this", "unseen");
    google.seedAnalytics(PROPERTY, [
      day("current", { page: `${SITE}/cold-brew/`, query: "cold brew", clicks: 70, impressions: 1000, position: 4 }),
      day("previous", { page: `${SITE}/cold-brew/`, query: "cold brew", clicks: 120, impressions: 1100, position: 3 }),
      day("current", {
        page: `https://www.roastery.example/grinders`,
        query: "grinder",
        clicks: 50,
        impressions: 400,
        position: 6,
      }),
      day("previous", { page: `${SITE}/grinders/`, query: "grinder", clicks: 40, impressions: 380, position: 7 }),
      // Outside both periods: not counted.
      { date: "2020-01-01", page: `${SITE}/grinders/`, query: "grinder", clicks: 999, impressions: 9999, position: 1 },
    ]);
    await connect();
    expect(await runJob(1)).toEqual(["ready"]);

    const queries = google.requests.filter((r) => r.path.endsWith("/searchAnalytics/query"));
    const json = queries.map((r) => r.json as Record<string, unknown>);
    // Two pages of one row for each dimension and period with rows, then a short page.
    expect(
      json
        .filter((b) => (b.dimensions as string[])[0] === "page" && b.startDate === periods.current.startDate)
        .map((b) => b.startRow),
    ).toEqual([0, 1, 2]);
    expect(json.every((b) => b.rowLimit === 1 && b.dataState === "final")).toBe(true);
    expect(json.some((b) => b.startDate === periods.previous.startDate && b.endDate === periods.previous.endDate)).toBe(
      true,
    );

    const { posts } = await listSitePosts({ prisma: db.prisma, now: () => NOW }, { userId, page: 1, pageSize: 10 });
    const byTitle = Object.fromEntries(posts.map((p) => [p.title, p]));
    expect(byTitle["Cold brew at home"]).toMatchObject({
      search: {
        clicks: 70,
        impressions: 1000,
        position: 4,
        previousClicks: 120,
        previousImpressions: 1100,
        previousPosition: 3,
      },
      refreshCandidate: true,
      refreshReason: "Clicks down 42% (120 → 70) over 28 days",
    });
    expect(byTitle["Choosing a grinder"]).toMatchObject({
      search: { clicks: 50, impressions: 400, previousClicks: 40 },
      refreshCandidate: false,
      refreshReason: null,
    });
    expect(byTitle["Nobody finds this"]!.search).toMatchObject({ clicks: 0, impressions: 0 });
    // The post losing 50 clicks comes first.
    expect(posts[0]!.title).toBe("Cold brew at home");
    expect(posts[0]!.opportunity).toBeGreaterThan(posts[1]!.opportunity);
    expect((await getSearchConsoleStatus(deps, { userId })).connection).toMatchObject({
      reading: "ready",
      readAt: NOW.toISOString(),
    });
  });

  it("reads nothing from Google while the site is turned off, and reads again as soon as it is turned on", async () => {
    google.seedAnalytics(PROPERTY, [
      day("current", { page: `${SITE}/cold-brew/`, query: "cold brew", clicks: 7, impressions: 100, position: 4 }),
    ]);
    await connect();
    expect(await runJob()).toEqual(["ready"]);
    const reads = () => google.requests.filter((r) => r.path.endsWith("/searchAnalytics/query")).length;
    const readBefore = reads();
    expect(readBefore).toBeGreaterThan(0);

    // Another site takes its place (a plan with one site): this one is turned off, its connection kept.
    const other = await db.prisma.wordpressConnection.create({
      data: { userId, siteName: "Other", siteUrl: "https://other.example", username: "ada", applicationPassword: "v1:x" },
    });
    await db.prisma.wordpressConnection.update({ where: { id: connectionId }, data: { isActive: false } });

    // A day later the daily read comes due: Google is not asked.
    const dayLater = new Date(NOW.getTime() + 24 * 60 * 60_000 + 60_000);
    const later = { ...deps, now: () => dayLater };
    const claimAt = async (at: Date) => {
      const ids = await claimJobs(db.prisma, SEARCH_CONSOLE_JOB.queue, {
        owner: `test:${++owner}`,
        now: at,
        leaseMs: 60_000,
        limit: 10,
        where: (param) => `"userId" = ${param(userId)}`,
      });
      return Promise.all(ids.map((jobId) => runSearchConsoleJob(later, { jobId, owner: `test:${owner}` })));
    };
    await db.prisma.searchConsoleJob.updateMany({ where: { userId }, data: { nextAttemptAt: NOW } });
    expect(await claimAt(dayLater)).toEqual(["off"]);
    expect(reads()).toBe(readBefore);
    // The plugin of the site turned off asks for its own site's card: it says the site is off.
    const own = { userId, site: { platform: "wordpress" as const, connectionId } };
    expect((await getSearchConsoleStatus(later, own)).connection).toMatchObject({
      state: "off",
      property: PROPERTY,
      readAt: NOW.toISOString(),
      error: null,
    });
    // Nothing is due again on that day.
    expect(await claimAt(dayLater)).toEqual([]);

    // The other site is removed, so this one is in use again: its figures are read at once, with no reconnecting.
    await deleteConnection(
      { prisma: db.prisma, encryptionKey, google: deps.google, now: () => dayLater },
      { userId, platform: "wordpress", connectionId: other.id },
    );
    expect(await claimAt(dayLater)).toEqual(["ready"]);
    expect(reads()).toBeGreaterThan(readBefore);
    expect((await getSearchConsoleStatus(later, { userId, platform: "wordpress" })).connection).toMatchObject({
      state: "connected",
      readAt: dayLater.toISOString(),
      error: null,
    });
  });

  it("shows the member's only site turned off as off, not as a site to connect", async () => {
    await connect();
    await db.prisma.wordpressConnection.update({ where: { id: connectionId }, data: { isActive: false } });
    expect((await getSearchConsoleStatus(deps, { userId })).connection).toMatchObject({
      state: "off",
      connectionId,
      error: null,
    });
  });

  it("turns queries no page answers into ideas with their figures", async () => {
    await seedPost("1", `${SITE}/cold-brew/`, "How to make cold brew coffee", "cold brew coffee");
    await db.prisma.siteIndexEntry.create({
      data: {
        userId,
        platform: "wordpress",
        connectionId,
        kind: "product",
        url: `${SITE}/moka`,
        title: "Moka pot, 6 cups",
      },
    });
    google.seedAnalytics(PROPERTY, [
      day("current", {
        page: `${SITE}/cold-brew/`,
        query: "cold brew coffee ratio",
        clicks: 9,
        impressions: 300,
        position: 5,
      }),
      day("current", { page: `${SITE}/`, query: "moka pots", clicks: 3, impressions: 200, position: 8 }),
      day("current", {
        page: `${SITE}/`,
        query: "how long to steep french press",
        clicks: 2,
        impressions: 900,
        position: 18.4,
      }),
      day("previous", {
        page: `${SITE}/`,
        query: "how long to steep french press",
        clicks: 1,
        impressions: 600,
        position: 22,
      }),
      day("current", { page: `${SITE}/`, query: "decaf beans", clicks: 0, impressions: 4, position: 40 }),
    ]);
    await connect();
    await runJob();
    const { ideas } = await listSearchConsoleIdeas(deps, { userId });
    // "cold brew coffee ratio" is answered by the post, "moka pots" by the product; 4 impressions are too few.
    expect(ideas).toEqual([
      {
        query: "how long to steep french press",
        title: "How long to steep french press",
        keywords: ["how long to steep french press"],
        clicks: 2,
        impressions: 900,
        position: 18.4,
        previousImpressions: 600,
        notes:
          'From Search Console: "how long to steep french press" was seen 900 times and clicked 2 times in the last 28 days (average position 18.4), and no page of the site answers it yet.',
      },
    ]);
  });
});

describe("tokens", () => {
  it("refreshes an expired access token before reading, and keeps the new one encrypted", async () => {
    await connect();
    const before = await db.prisma.searchConsoleConnection.findFirstOrThrow({ where: { userId } });
    google.expireAccessTokens();
    await db.prisma.searchConsoleConnection.updateMany({
      where: { userId },
      data: { accessTokenExpiresAt: new Date(NOW.getTime() - 1000) },
    });
    expect(await runJob()).toEqual(["ready"]);
    const refresh = google.requests.filter((r) => r.path === "/token" && r.form?.grant_type === "refresh_token");
    expect(refresh).toHaveLength(1);
    const after = await db.prisma.searchConsoleConnection.findFirstOrThrow({ where: { userId } });
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.accessTokenExpiresAt.getTime()).toBe(NOW.getTime() + 3599 * 1000);
    expect(after.state).toBe("connected");
  });

  it("gets a new access token once when Google refuses one that has not expired yet", async () => {
    await connect();
    for (const token of google.tokens.values()) if (token.kind === "access") token.revoked = true;
    const before = google.requests.length;
    expect(await runJob()).toEqual(["ready"]);
    const calls = google.requests.slice(before);
    expect(calls[0]!.path).toMatch(/searchAnalytics\/query$/);
    expect(calls[1]).toMatchObject({ path: "/token", form: { grant_type: "refresh_token" } });
    expect((await getSearchConsoleStatus(deps, { userId })).connection).toMatchObject({ state: "connected" });
  });

  it("asks the owner to reconnect when Google refuses the refresh token (invalid_grant), instead of failing silently", async () => {
    await connect();
    google.revokeAll();
    expect(await runJob()).toEqual(["failed"]);
    const refused = google.requests.filter((r) => r.path === "/token" && r.form?.grant_type === "refresh_token");
    expect(refused).toHaveLength(1);
    const status = await getSearchConsoleStatus(deps, { userId });
    expect(status.connection).toMatchObject({ state: "reconnect" });
    expect(status.connection!.error).toMatch(/Choose Reconnect Search Console/);

    // Connecting again puts it right.
    await connect();
    expect((await getSearchConsoleStatus(deps, { userId })).connection).toMatchObject({
      state: "connected",
      error: null,
    });
  });

  it("revokes the tokens at Google on disconnect and forgets the figures", async () => {
    await seedPost("1", `${SITE}/cold-brew/`, "Cold brew at home", "cold brew");
    google.seedAnalytics(PROPERTY, [
      day("current", { page: `${SITE}/cold-brew/`, query: "cold brew", clicks: 7, impressions: 100, position: 4 }),
    ]);
    await connect();
    await runJob();
    const refreshToken = [...google.tokens].find(([, t]) => t.kind === "refresh")![0];

    expect(await disconnectSearchConsole(deps, { userId })).toEqual({ configured: true, connection: null });
    const revoke = google.requests.find((r) => r.path === "/revoke")!;
    expect(revoke.query.token).toBe(refreshToken);
    expect([...google.tokens.values()].every((t) => t.revoked)).toBe(true);
    expect(await db.prisma.searchConsoleConnection.count({ where: { userId } })).toBe(0);
    expect(await db.prisma.searchConsoleJob.count({ where: { userId } })).toBe(0);
    expect(await db.prisma.searchConsolePage.count({ where: { userId } })).toBe(0);
    expect(await db.prisma.searchConsoleQuery.count({ where: { userId } })).toBe(0);
    const { posts } = await listSitePosts({ prisma: db.prisma, now: () => NOW }, { userId, page: 1, pageSize: 10 });
    expect(posts[0]!.search).toBeNull();
    expect((await listSearchConsoleIdeas(deps, { userId })).ideas).toEqual([]);
  });
});
