// Search Console on the site's API, against the local Google fake: connect (Google's consent screen), Google's
// redirect back to the callback (a 303 to Your posts with the outcome), the state, choosing a property, the ideas,
// disconnecting; a server without a Google client says Search Console is not set up. Every answer is checked against
// the API's OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeGoogle, type FakeGoogle } from "../../../../tests/fakes/google/index.ts";
import { createTestApp, type TestAgent, type TestApp } from "../testing/index.ts";

let google: FakeGoogle;
let t: TestApp;
let bare: TestApp;

beforeAll(async () => {
  google = await startFakeGoogle();
  google.seedSites([
    { siteUrl: "https://roastery.example/", permissionLevel: "siteOwner" },
    { siteUrl: "https://beans-shop.example/", permissionLevel: "siteOwner" },
  ]);
  t = await createTestApp({
    env: {
      APP_URL: "https://app.example.com",
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_API_BASE: google.url,
    },
  });
  bare = await createTestApp();
});
afterAll(async () => {
  await Promise.all([t?.close(), bare?.close(), google?.close()]);
});

async function memberWithSite(app: TestApp): Promise<{ agent: TestAgent; userId: number }> {
  const agent = app.agent();
  const { user } = await app.signUpAndLogin(agent);
  await app.db.prisma.wordpressConnection.create({
    data: {
      userId: user.id,
      siteName: "Roastery",
      siteUrl: "https://roastery.example",
      username: "ada",
      applicationPassword: "v1:x",
      isActive: true,
    },
  });
  return { agent, userId: user.id };
}

describe("Search Console routes", () => {
  it("connects through Google's consent and callback, shows the state, and disconnects", async () => {
    const { agent, userId } = await memberWithSite(t);
    expect((await agent.get("/api/search-console")).body).toEqual({ configured: true, connection: null });

    const started = await agent.post("/api/search-console/connect").send({});
    expect(started.status).toBe(200);
    const consent = await fetch(started.body.authorizeUrl as string, { redirect: "manual" });
    const back = new URL(consent.headers.get("location")!);
    expect(back.origin + back.pathname).toBe("https://app.example.com/api/search-console/callback");

    const callback = await agent.get(`/api/search-console/callback${back.search}`);
    expect(callback.status).toBe(303);
    expect(callback.headers.location).toBe("/your-posts?search_console=connected");

    const status = await agent.get("/api/search-console");
    expect(status.body.connection).toMatchObject({
      state: "connected",
      platform: "wordpress",
      property: "https://roastery.example/",
      reading: "queued",
    });
    expect(JSON.stringify(status.body)).not.toMatch(/ya29\.|1\/\/0/);
    expect((await agent.get("/api/search-console/ideas")).body).toEqual({ ideas: [] });

    const chosen = await agent.put("/api/search-console/property").send({ siteUrl: "https://elsewhere.example/" });
    expect(chosen.status).toBe(400);
    expect(chosen.body.message).toMatch(/not one of the Search Console properties/);

    const gone = await agent.delete("/api/search-console");
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ configured: true, connection: null });
    expect(google.requests.some((r) => r.path === "/revoke")).toBe(true);
    expect(await t.db.prisma.searchConsoleConnection.count({ where: { userId } })).toBe(0);
  });

  it("keeps a connection for each of the member's sites, chosen with platform", async () => {
    const { agent, userId } = await memberWithSite(t);
    await t.db.prisma.shopifyConnection.create({
      data: {
        userId,
        storeName: "Beans",
        storeUrl: "https://beans-shop.example",
        apiKey: "k",
        password: "v1:x",
        blogId: "1",
        isActive: true,
      },
    });
    for (const platform of ["shopify", "wordpress"]) {
      const started = await agent.post("/api/search-console/connect").send({ platform });
      const consent = await fetch(started.body.authorizeUrl as string, { redirect: "manual" });
      const back = new URL(consent.headers.get("location")!);
      expect((await agent.get(`/api/search-console/callback${back.search}`)).headers.location).toBe(
        "/your-posts?search_console=connected",
      );
    }
    expect((await agent.get("/api/search-console?platform=shopify")).body.connection).toMatchObject({
      platform: "shopify",
      property: "https://beans-shop.example/",
    });
    expect((await agent.get("/api/search-console?platform=wordpress")).body.connection).toMatchObject({
      platform: "wordpress",
      property: "https://roastery.example/",
    });
    const chosen = await agent
      .put("/api/search-console/property")
      .send({ platform: "wordpress", siteUrl: "https://beans-shop.example/" });
    expect(chosen.body.connection).toMatchObject({ platform: "wordpress", property: "https://beans-shop.example/" });

    const wrong = await agent.get("/api/search-console?platform=squarespace");
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/platform must be shopify or wordpress/);

    const gone = await agent.delete("/api/search-console?platform=wordpress");
    expect(gone.body).toEqual({ configured: true, connection: null });
    expect((await agent.get("/api/search-console?platform=wordpress")).body.connection).toBeNull();
    expect((await agent.get("/api/search-console?platform=shopify")).body.connection).toMatchObject({
      state: "connected",
      property: "https://beans-shop.example/",
    });
    expect(await t.db.prisma.searchConsoleConnection.count({ where: { userId } })).toBe(1);
  });

  it("sends a refusal or another member's approval back to Your posts with the reason", async () => {
    const { agent } = await memberWithSite(t);
    const started = await agent.post("/api/search-console/connect").send({ platform: "wordpress" });
    google.denyNext = true;
    const denied = new URL(
      (await fetch(started.body.authorizeUrl as string, { redirect: "manual" })).headers.get("location")!,
    );
    const refused = await agent.get(`/api/search-console/callback${denied.search}`);
    expect(refused.status).toBe(303);
    expect(new URL(refused.headers.location as string, "https://x").searchParams.get("search_console_error")).toMatch(
      /You did not give Postwright access/,
    );

    const approved = new URL(
      (await fetch(started.body.authorizeUrl as string, { redirect: "manual" })).headers.get("location")!,
    );
    const { agent: other } = await memberWithSite(t);
    const foreign = await other.get(`/api/search-console/callback${approved.search}`);
    expect(new URL(foreign.headers.location as string, "https://x").searchParams.get("search_console_error")).toMatch(
      /expired or was started from another account/,
    );
    const signedOut = await t.request().get(`/api/search-console/callback${approved.search}`);
    expect(new URL(signedOut.headers.location as string, "https://x").searchParams.get("search_console_error")).toMatch(
      /Log in to Postwright/,
    );
  });

  it("asks for a connected site first, and says Search Console is not set up on a server without a Google client", async () => {
    const agent = t.agent();
    await t.signUpAndLogin(agent);
    const noSite = await agent.post("/api/search-console/connect").send({});
    expect(noSite.status).toBe(409);
    expect(noSite.body.message).toMatch(/Connect your Shopify store or WordPress site first/);

    const { agent: elsewhere } = await memberWithSite(bare);
    expect((await elsewhere.get("/api/search-console")).body).toEqual({ configured: false, connection: null });
    const refused = await elsewhere.post("/api/search-console/connect").send({});
    expect(refused.status).toBe(503);
    expect(refused.body.message).toMatch(/Search Console is not set up on this server/);
    expect((await elsewhere.get("/api/search-console/ideas")).body).toEqual({ ideas: [] });
  });
});
