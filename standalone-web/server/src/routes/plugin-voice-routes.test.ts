// "Brand voice" through the plugin API: the site's own voice with the presets, read from its published posts (a 409
// with the core's message when it has none, a 502 when the site cannot be read), started from a preset and edited.
// A site's credential reaches only its own site's voice, and the body never names a site. Every answer is checked
// against the plugin API's OpenAPI document.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PluginSiteVoiceResponse, SiteVoice } from "@postwright/core/contracts";
import { createTestApp, type TestApp } from "../testing/index.ts";
import { checkedRequest, conformsTo } from "../testing/openapi-conformance.ts";

let t: TestApp;
let app: Express;
let check: ReturnType<typeof conformsTo>;
const api = () => checkedRequest(app, check);

/** What the stand-in WordPress site publishes (its REST API answers wp/v2/posts with these). */
let published: Array<{ title: string; body: string }> = [];
let wordpress: Server;
let wordpressUrl = "";

beforeAll(async () => {
  // The stand-in site listens on this machine: private targets are allowed, as in development.
  t = await createTestApp({
    env: { APP_URL: "https://app.example.com", ALLOW_PRIVATE_NETWORK_TARGETS: "1" },
    app: { apiV1: { exchangesPerMinute: 1000 } },
  });
  app = t.app;
  const document = (await request(app).get("/api/v1/openapi.json")).body as Parameters<typeof conformsTo>[0];
  check = conformsTo(document, "/api/v1");
  wordpress = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    res.setHeader("content-type", "application/json");
    if (url.pathname === "/wp-json/") {
      res.end(JSON.stringify({ name: "Clay Studio", url: wordpressUrl, namespaces: ["wp/v2"], routes: {} }));
    } else if (url.pathname === "/wp-json/wp/v2/posts") {
      res.end(
        JSON.stringify(
          published.map((post) => ({ title: { rendered: post.title }, content: { rendered: post.body } })),
        ),
      );
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ code: "rest_no_route", message: "No route was found.", data: { status: 404 } }));
    }
  });
  await new Promise<void>((resolve) => wordpress.listen(0, "127.0.0.1", resolve));
  wordpressUrl = `http://127.0.0.1:${(wordpress.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => wordpress?.close(resolve));
  await t?.close();
});

let counter = 0;

/** A new account whose WordPress site is connected through the plugin, its credential, and its connection. */
async function connectedSite() {
  const agent = t.agent();
  const { user } = await t.signUpAndLogin(agent);
  counter += 1;
  const siteUrl = `https://voice${counter}.example.com`;
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
  const bearer = `Bearer ${exchanged.body.credential as string}`;
  const connection = await t.db.prisma.wordpressConnection.findFirstOrThrow({ where: { userId: user.id } });
  return {
    user,
    connection,
    get: () => api().get("/api/v1/voice").set("Authorization", bearer),
    derive: () => api().post("/api/v1/voice/derive").set("Authorization", bearer).send({}),
    save: (body: object) => api().put("/api/v1/voice").set("Authorization", bearer).send(body),
  };
}

const paragraph = (i: number) =>
  `<p>I keep a small studio by the river, and I throw pots there most mornings. I like the quiet before the kiln ` +
  `warms up. Last week I tried a new glaze on ${i} bowls, and I learned more from the cracked ones than from the ` +
  `good ones. I write these notes so you can skip my mistakes.</p><p>I mix my clay by hand. It takes an hour, but ` +
  `I think the feel of it matters. What do you make first when the wheel is new to you?</p>`;

describe("GET /api/v1/voice, POST /api/v1/voice/derive, PUT /api/v1/voice", () => {
  it("shows the site without a voice and the presets, starts from a preset, then keeps the owner's edits", async () => {
    const site = await connectedSite();
    const first = await site.get();
    expect(first.status).toBe(200);
    const view = first.body as PluginSiteVoiceResponse;
    expect(view.site).toMatchObject({
      platform: "wordpress",
      connectionId: site.connection.id,
      voice: null,
      description: [],
      example: null,
    });
    expect(view.presets.map((p) => p.id)).toEqual(["friendly-expert", "formal-business", "casual-short", "founder"]);

    const preset = await site.save({ preset: "founder" });
    expect(preset.status).toBe(200);
    const started = preset.body as SiteVoice;
    expect(started.voice).toMatchObject({ source: "preset", presetId: "founder", person: "I" });
    expect(started.description[0]).toBe("Speaks as “I”: one person, in the first person.");

    const edited = await site.save({
      voice: { ...started.voice, spelling: "UK", closingExample: "Warmly, Mara", wordsAvoided: ["journey"] },
    });
    expect(edited.status).toBe(200);
    expect((edited.body as SiteVoice).voice).toMatchObject({ source: "edited", spelling: "UK" });
    expect((edited.body as SiteVoice).example).toMatch(/organise/);
    expect(((await site.get()).body as PluginSiteVoiceResponse).site).toEqual(edited.body);
  });

  it("reads the voice from the site's published posts, and says so when it has none", async () => {
    const site = await connectedSite();
    await t.db.prisma.wordpressConnection.update({
      where: { id: site.connection.id },
      data: { siteUrl: wordpressUrl },
    });
    published = [];
    const none = await site.derive();
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(
      `${site.connection.siteName} has no published posts to read your voice from yet. Pick a preset, or describe your voice yourself.`,
    );

    published = [1, 2, 3, 4].map((i) => ({ title: `Studio notes ${i}`, body: paragraph(i) }));
    const read = await site.derive();
    expect(read.status).toBe(200);
    const voice = read.body as SiteVoice;
    expect(voice).toMatchObject({ platform: "wordpress", connectionId: site.connection.id });
    expect(voice.voice).toMatchObject({ source: "posts", postsRead: 4, person: "I" });
    expect(voice.description.length).toBeGreaterThan(0);
    expect(((await site.get()).body as PluginSiteVoiceResponse).site).toEqual(voice);
  });

  it("answers 502 with the site's reason when its posts cannot be read", async () => {
    const site = await connectedSite();
    await t.db.prisma.wordpressConnection.update({
      where: { id: site.connection.id },
      data: { siteUrl: `${wordpressUrl}/gone` },
    });
    const failed = await site.derive();
    expect(failed.status).toBe(502);
    expect(failed.body.code).toBe("site_unreadable");
    expect(failed.body.message).toMatch(/^Your WordPress site's posts could not be read\./);
  });

  it("refuses bad input with a message, and a body naming a site", async () => {
    const site = await connectedSite();
    const neither = await site.save({});
    expect(neither.status).toBe(400);
    expect(neither.body.message).toBe("Send either a preset or your voice's settings.");
    const unknown = await site.save({ preset: "pirate" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Choose one of the preset voices.");
    const other = await site.save({ preset: "founder", platform: "wordpress", connectionId: site.connection.id + 1 });
    expect(other.status).toBe(400);
  });

  it("reaches only the calling site's own voice, and refuses a request without the site's credential", async () => {
    const mine = await connectedSite();
    const theirs = await connectedSite();
    await theirs.save({ preset: "formal-business" });
    expect(((await mine.get()).body as PluginSiteVoiceResponse).site.voice).toBeNull();
    await mine.save({ preset: "casual-short" });
    const untouched = ((await theirs.get()).body as PluginSiteVoiceResponse).site;
    expect(untouched.voice).toMatchObject({ presetId: "formal-business" });
    expect(await t.db.prisma.siteVoice.count({ where: { userId: theirs.user.id } })).toBe(1);

    expect((await api().get("/api/v1/voice")).status).toBe(401);
    expect((await api().put("/api/v1/voice").send({ preset: "founder" })).status).toBe(401);
    expect((await api().post("/api/v1/voice/derive")).status).toBe(401);
  });
});
