// Search Console in Shopify admin, against the local Google fake and the fake store: "Connect Search Console" leaves
// Shopify admin's frame for Google's consent screen; Google's answer comes back to the app's callback, which sends
// the browser into the app in Shopify admin, where Your posts completes the connection for the shop that started it
// (an approval started by another account is refused); the property is chosen when none matches the store; the
// figures read per article (28 days against the 28 before) show on Your posts with "Losing visitors"; queries no
// article answers are ideas added to a content plan; disconnecting revokes the access. Without a Google client, the
// card says Search Console is not set up.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY, APP_URL, TEST_SHOP } from "@shopify/shopify-api/test-helpers";
import { analyzeSitePosts, saveSitePosts } from "@postwright/core/site-posts";
import { runSearchConsoleJob, searchPeriods, SEARCH_CONSOLE_JOB } from "@postwright/core/search-console";
import { claimJobs } from "../../core/src/jobs/index.ts";
import { startFakeGoogle, type FakeGoogle } from "../../tests/fakes/google/index.ts";
import { startFakeShopify, type FakeShopify } from "../../tests/fakes/shopify/index.ts";
import { callRoute, startAppHarness, type AppHarness } from "./app-harness";

const STORE = "https://candles.example";
const PROPERTY = "sc-domain:candles.example";

let fake: FakeShopify;
let google: FakeGoogle;
let harness: AppHarness;
let userId: number;

beforeAll(async () => {
  google = await startFakeGoogle();
  google.seedSites([
    { siteUrl: PROPERTY, permissionLevel: "siteOwner" },
    { siteUrl: "https://unrelated.example/", permissionLevel: "siteFullUser" },
  ]);
  Object.assign(process.env, {
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_API_BASE: google.url,
  });
  fake = await startFakeShopify({
    shops: [
      { domain: TEST_SHOP, name: "Candles", blogs: [{ title: "Journal", handle: "journal" }], primaryDomainUrl: STORE },
    ],
  });
  harness = await startAppHarness({ fake });
  const home = await import("../app/routes/app._index");
  await callRoute(home.loader, "/app"); // the first request installs the app
  const user = await harness.db.prisma.user.findUniqueOrThrow({ where: { shopDomain: TEST_SHOP } });
  userId = user.id;
  const connection = await harness.db.prisma.shopifyConnection.findFirstOrThrow({ where: { userId } });
  const now = new Date();
  const article = (i: number, title: string) => ({
    remoteId: `gid://shopify/Article/${i}`,
    url: `${STORE}/blogs/journal/${title.toLowerCase().replaceAll(" ", "-")}`,
    title,
    slug: null,
    html: `<p>${"Trim the wick before you light it. ".repeat(40)}</p>`,
    seoTitle: null,
    metaDescription: "",
    keyphrase: null,
    keyphraseSource: null,
    publishedAt: now,
    modifiedAt: null,
  });
  await saveSitePosts(harness.db.prisma, {
    userId,
    platform: "shopify",
    connectionId: connection.id,
    posts: analyzeSitePosts([article(1, "Candle care"), article(2, "Soy wax guide")], {
      siteUrl: STORE,
      otherPages: [],
      now,
    }),
    now,
  });
});
afterAll(async () => {
  await harness.close();
  await Promise.all([fake.close(), google.close()]);
  for (const name of ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "GOOGLE_API_BASE"]) delete process.env[name];
});

const yourPosts = () => import("../app/routes/app.your-posts");
const callbackRoute = () => import("../app/routes/api.search-console.callback");
type YourPostsPage = Awaited<ReturnType<Awaited<ReturnType<typeof yourPosts>>["loader"]>>;

async function open(path = "/app/your-posts"): Promise<YourPostsPage> {
  return callRoute((await yourPosts()).loader, path);
}

async function act(fields: Record<string, string>) {
  const answer = await callRoute((await yourPosts()).action, "/app/your-posts", fields);
  if (answer && typeof answer === "object" && "init" in answer && "data" in answer) {
    const { data, init } = answer as { data: { message: string }; init: { status: number } };
    return { status: init.status, ...data };
  }
  return answer;
}

/** Google's consent screen approved: where Google sends the browser back. */
async function approve(authorizeUrl: string): Promise<URL> {
  const consent = await fetch(authorizeUrl, { redirect: "manual" });
  return new URL(consent.headers.get("location")!);
}

/** Google's answer through the app's callback: the address in Shopify admin the browser is sent to. */
async function backThroughCallback(back: URL): Promise<URL> {
  const { loader } = await callbackRoute();
  const answer = (await loader({ request: new Request(back), params: {}, context: {} } as never)) as Response;
  expect(answer.status).toBe(303);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  return new URL(answer.headers.get("location")!);
}

/** Reads the figures now, as the background reader would. */
async function readFigures(): Promise<void> {
  const owner = `test:${Date.now()}`;
  const ids = await claimJobs(harness.db.prisma, SEARCH_CONSOLE_JOB.queue, {
    owner,
    now: new Date(),
    leaseMs: 60_000,
    limit: 10,
    where: (param) => `"userId" = ${param(userId)}`,
  });
  expect(ids.length).toBeGreaterThan(0);
  const { searchConsoleFor, appContext } = await import("../app/context.server");
  const deps = searchConsoleFor(await appContext());
  for (const jobId of ids) await runSearchConsoleJob(deps, { jobId, owner });
}

describe("Search Console in Shopify admin", () => {
  it("connects through Google's consent in the whole window and back into the app in Shopify admin", async () => {
    expect((await open()).searchConsole).toEqual({ configured: true, connection: null });

    // The consent screen cannot be framed: the answer asks App Bridge to open it in the whole admin window.
    const started = (await act({ intent: "search-console-connect" })) as unknown as Response;
    expect(started.status).toBe(401);
    const authorizeUrl = started.headers.get("X-Shopify-API-Request-Failure-Reauthorize-Url")!;
    const asked = new URL(authorizeUrl);
    expect(asked.origin + asked.pathname).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(asked.searchParams.get("redirect_uri")).toBe(`${APP_URL}/api/search-console/callback`);

    const back = await approve(authorizeUrl);
    expect(back.origin + back.pathname).toBe(`${APP_URL}/api/search-console/callback`);
    const inAdmin = await backThroughCallback(back);
    expect(inAdmin.origin + inAdmin.pathname).toBe(
      `https://admin.shopify.com/store/${TEST_SHOP.replace(/\.myshopify\.\w+$/, "")}/apps/${API_KEY}/app/your-posts`,
    );
    // Nothing is connected until the shop's own page completes it.
    expect(await harness.db.prisma.searchConsoleConnection.count({ where: { userId } })).toBe(0);

    const page = await open(`/app/your-posts${inAdmin.search}`);
    expect(page.outcome).toEqual({ connected: true });
    // No property covers the store's address: the merchant chooses one.
    expect(page.searchConsole.connection).toMatchObject({ state: "connected", property: null });
    expect(page.searchConsole.connection!.properties.map((p) => p.siteUrl)).toEqual([
      PROPERTY,
      "https://unrelated.example/",
    ]);
    expect(JSON.stringify(page)).not.toMatch(/ya29\.|1\/\/0/);

    // The same approval twice (a reload of the address) is refused with the reason.
    const reload = await open(`/app/your-posts${inAdmin.search}`);
    expect(reload.outcome).toMatchObject({ connected: false, message: expect.stringMatching(/already used/) });

    const unknown = await act({ intent: "search-console-property", siteUrl: "https://elsewhere.example/" });
    expect(unknown).toMatchObject({
      status: 400,
      message: expect.stringMatching(/not one of the Search Console properties/),
    });
    const chosen = await act({ intent: "search-console-property", siteUrl: PROPERTY });
    expect(chosen).toMatchObject({ message: "Property chosen: its figures are read now" });
    expect((await open()).searchConsole.connection).toMatchObject({ property: PROPERTY, reading: "queued" });
  });

  it("shows each article's figures against the 28 days before, the articles losing visitors and the ideas", async () => {
    const periods = searchPeriods(new Date());
    const row = (period: "current" | "previous", page: string, query: string, clicks: number, impressions: number) => ({
      date: periods[period].startDate,
      page,
      query,
      clicks,
      impressions,
      position: 4,
    });
    const care = `${STORE}/blogs/journal/candle-care`;
    google.seedAnalytics(PROPERTY, [
      row("current", care, "candle care", 30, 900),
      row("previous", care, "candle care", 120, 1000),
      row("current", `${STORE}/blogs/journal/soy-wax-guide`, "beeswax candles for allergies", 2, 400),
      row("previous", `${STORE}/blogs/journal/soy-wax-guide`, "beeswax candles for allergies", 2, 300),
    ]);
    await readFigures();

    const page = await open();
    expect(page.searchConsole.connection).toMatchObject({ state: "connected", reading: "ready" });
    expect(page.searchConsole.connection!.readAt).not.toBeNull();
    const losing = page.posts.find((p) => p.url === care)!;
    expect(losing.search).toMatchObject({
      clicks: 30,
      previousClicks: 120,
      impressions: 900,
      previousImpressions: 1000,
    });
    expect(losing).toMatchObject({ refreshCandidate: true, refreshReason: expect.stringContaining("Clicks down") });
    const idea = page.ideas.find((i) => i.query === "beeswax candles for allergies")!;
    expect(idea).toMatchObject({
      impressions: 400,
      previousImpressions: 300,
      keywords: ["beeswax candles for allergies"],
    });
    // No content plan yet: the page links to the autopilot instead of offering "Add to plan".
    expect(page.plans).toEqual([]);

    const autopilot = await import("../app/routes/app.autopilot._index");
    const created = (await callRoute(
      autopilot.action,
      "/app/autopilot",
      new URLSearchParams([
        ["name", "Candle ideas"],
        ["weekdays", "2"],
        ["time", "09:00"],
        ["timeZone", "UTC"],
      ]),
    )) as unknown as Response;
    expect(created.status).toBe(302);
    const withPlan = await open();
    expect(withPlan.plans).toEqual([{ id: expect.any(Number), name: "Candle ideas" }]);
    const added = await act({
      intent: "add-idea",
      planId: String(withPlan.plans[0]!.id),
      query: idea.query,
      title: idea.title,
      keywords: JSON.stringify(idea.keywords),
      notes: idea.notes,
    });
    expect(added).toMatchObject({ message: "Added to the plan" });
    const items = await harness.db.prisma.contentPlanItem.findMany({ where: { planId: withPlan.plans[0]!.id } });
    expect(items.map((i) => [i.title, i.keywords])).toEqual([[idea.title, idea.keywords]]);
  });

  it("refuses an approval that another account started, and an answer that is not Google's", async () => {
    // Someone else's approval link, opened by this shop: the state names the other account.
    const other = await harness.db.prisma.user.create({
      data: { email: "site-owner@example.com", password: "x", firstName: "Ada" } as never,
    });
    await harness.db.prisma.wordpressConnection.create({
      data: {
        userId: other.id,
        siteName: "Roastery",
        siteUrl: "https://roastery.example",
        username: "ada",
        applicationPassword: "v1:x",
        isActive: true,
      },
    });
    const { startSearchConsoleConnect } = await import("@postwright/core/search-console");
    const { searchConsoleFor, appContext } = await import("../app/context.server");
    const { authorizeUrl } = await startSearchConsoleConnect(searchConsoleFor(await appContext()), {
      userId: other.id,
    });
    const back = await approve(authorizeUrl);
    const forwarded = [...back.searchParams].map(([k, v]) => [`google_${k}`, v]);
    const page = await open(`/app/your-posts?${new URLSearchParams(forwarded).toString()}`);
    expect(page.outcome).toMatchObject({
      connected: false,
      message: expect.stringMatching(/started from another account/),
    });
    expect(await harness.db.prisma.searchConsoleConnection.count({ where: { userId: other.id } })).toBe(0);

    // The callback sends an approval that is not for a shop, or not ours, to a page that says so.
    const { loader } = await callbackRoute();
    for (const search of [back.search, "?code=x&state=forged"]) {
      const answer = (await loader({
        request: new Request(`${APP_URL}/api/search-console/callback${search}`),
        params: {},
        context: {},
      } as never)) as Response;
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain("Back to Shopify admin");
    }
  });

  it("shows a store turned off in the account as off: its figures are not read, and nothing asks to reconnect", async () => {
    await harness.db.prisma.shopifyConnection.updateMany({ where: { userId }, data: { isActive: false } });
    try {
      expect((await open()).searchConsole.connection).toMatchObject({ state: "off", platform: "shopify", error: null });
    } finally {
      await harness.db.prisma.shopifyConnection.updateMany({ where: { userId }, data: { isActive: true } });
    }
    expect((await open()).searchConsole.connection).toMatchObject({ state: "connected" });
  });

  it("disconnects, revoking the access at Google", async () => {
    const revokes = google.requests.filter((r) => r.path === "/revoke").length;
    const gone = await act({ intent: "search-console-disconnect" });
    expect(gone).toMatchObject({ message: "Search Console disconnected" });
    expect(google.requests.filter((r) => r.path === "/revoke").length).toBe(revokes + 1);
    const page = await open();
    expect(page.searchConsole).toEqual({ configured: true, connection: null });
    expect(page.posts.every((p) => p.search === null && !p.refreshCandidate)).toBe(true);
    expect(page.ideas).toEqual([]);
  });

  it("says Search Console is not set up on a server without a Google client", async () => {
    const { appContext, setAppContext } = await import("../app/context.server");
    const ctx = await appContext();
    setAppContext({ ...ctx, config: { ...ctx.config, google: undefined } });
    try {
      expect((await open()).searchConsole).toEqual({ configured: false, connection: null });
      const refused = await act({ intent: "search-console-connect" });
      expect(refused).toMatchObject({ status: 503, message: expect.stringMatching(/not set up on this server/) });
    } finally {
      setAppContext(ctx);
    }
  });
});
