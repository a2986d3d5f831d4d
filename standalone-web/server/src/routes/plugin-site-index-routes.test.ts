// The plugin's view of its own site's index: the state and the words every surface shows, a failure with its reason
// and Retry, and a site's credential reaching only its own site's index.
import type { Express } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PluginSiteIndexResponse } from "@postwright/core/contracts";
import { createTestApp, type TestApp } from "../testing/index.ts";
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

/** A new account whose WordPress site is connected through the plugin, and the site's credential. */
async function connectedSite() {
  const agent = t.agent();
  const { user } = await t.signUpAndLogin(agent);
  counter += 1;
  const siteUrl = `https://index${counter}.example.com`;
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
    status: () => api().get("/api/v1/site-index").set("Authorization", bearer),
    refresh: () => api().post("/api/v1/site-index/refresh").set("Authorization", bearer),
    report: (changes: unknown[]) =>
      api().post("/api/v1/site-index/changes").set("Authorization", bearer).send({ changes }),
    siteUrl,
  };
}

describe("GET /api/v1/site-index and POST /api/v1/site-index/refresh", () => {
  it("shows the site's index queued at connection, a failure with its reason and Retry, which queues a new read", async () => {
    const site = await connectedSite();
    const first = await site.status();
    expect(first.status).toBe(200);
    const body = first.body as PluginSiteIndexResponse;
    expect(body.site).toMatchObject({ platform: "wordpress", connectionId: site.connection.id, state: "queued" });
    expect(body.words).toEqual({
      headline: "Reading your site's pages shortly",
      detail: null,
      action: null,
      tone: "busy",
    });

    const reason =
      "Your WordPress site's pages could not be read. The site answered 401. The links already known are kept.";
    await t.db.prisma.siteIndexJob.updateMany({
      where: { platform: "wordpress", connectionId: site.connection.id },
      data: { state: "failed", lastError: reason, nextAttemptAt: new Date(Date.now() + 3_600_000) },
    });
    const failed = (await site.status()).body as PluginSiteIndexResponse;
    expect(failed.words).toEqual({
      headline: "Your site's pages could not be read",
      detail: reason,
      action: "Retry",
      tone: "failed",
    });

    const retried = await site.refresh();
    expect(retried.status).toBe(200);
    expect((retried.body as PluginSiteIndexResponse).site).toMatchObject({ state: "queued", canRetry: false });
    const job = await t.db.prisma.siteIndexJob.findFirstOrThrow({
      where: { platform: "wordpress", connectionId: site.connection.id },
    });
    expect(job.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());

    await t.db.prisma.siteIndexJob.update({
      where: { id: job.id },
      data: { state: "ready", pagesIndexed: 2310, indexedAt: new Date(Date.now() - 5 * 60_000) },
    });
    expect(((await site.status()).body as PluginSiteIndexResponse).words?.headline).toBe(
      "2,310 pages indexed 5 minutes ago",
    );
  });

  it("reaches only the calling site's own index, and refuses a request without the site's credential", async () => {
    const mine = await connectedSite();
    const theirs = await connectedSite();
    await t.db.prisma.siteIndexJob.updateMany({
      where: { platform: "wordpress", connectionId: theirs.connection.id },
      data: { state: "ready", pagesIndexed: 40, indexedAt: new Date() },
    });
    const answer = (await mine.status()).body as PluginSiteIndexResponse;
    expect(answer.site?.connectionId).toBe(mine.connection.id);
    expect(answer.site?.pagesIndexed).toBe(0);
    await mine.refresh();
    const untouched = await t.db.prisma.siteIndexJob.findFirstOrThrow({
      where: { platform: "wordpress", connectionId: theirs.connection.id },
    });
    expect(untouched.state).toBe("ready");

    const anonymous = await api().get("/api/v1/site-index");
    expect(anonymous.status).toBe(401);
  });

  it("applies the site's change notices to its index: newer ones only, on its own host, a deletion for good", async () => {
    const site = await connectedSite();
    const key = { platform: "wordpress", connectionId: site.connection.id };
    await t.db.prisma.siteIndexJob.updateMany({
      where: key,
      data: { state: "ready", indexedAt: new Date("2026-11-27T08:00:00Z") },
    });
    const post = (fields: object) => ({
      kind: "post",
      id: 42,
      changedAt: "2026-11-27T10:00:00.000Z",
      status: "linkable",
      url: `${site.siteUrl}/brewing-guide/`,
      title: "Brewing guide",
      ...fields,
    });
    const entries = async () =>
      (await t.db.prisma.siteIndexEntry.findMany({ where: key, orderBy: { url: "asc" } })).map((e) => [
        e.kind,
        e.url,
        e.title,
      ]);

    const first = await site.report([
      post({}),
      {
        kind: "category",
        id: 7,
        changedAt: "2026-11-27T10:00:00.000Z",
        status: "linkable",
        url: `${site.siteUrl}/category/tea/`,
        title: "Tea",
      },
      post({ id: 43, url: "https://elsewhere.example.net/x/", title: "Elsewhere" }),
    ]);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ applied: 2, ignored: 1 });
    expect(await entries()).toEqual([
      ["post", `${site.siteUrl}/brewing-guide/`, "Brewing guide"],
      ["category", `${site.siteUrl}/category/tea/`, "Tea"],
    ]);

    // A late notice of an older edit changes nothing; a newer one renames and moves the post.
    expect((await site.report([post({ title: "Old title", changedAt: "2026-11-27T09:00:00.000Z" })])).body).toEqual({
      applied: 0,
      ignored: 1,
    });
    await site.report([
      post({ title: "Pour-over guide", url: `${site.siteUrl}/pour-over/`, changedAt: "2026-11-27T10:05:00.000Z" }),
    ]);
    expect(await entries()).toContainEqual(["post", `${site.siteUrl}/pour-over/`, "Pour-over guide"]);
    expect((await entries()).some(([, url]) => url === `${site.siteUrl}/brewing-guide/`)).toBe(false);

    await site.report([post({ status: "deleted", url: null, title: null, changedAt: "2026-11-27T10:10:00.000Z" })]);
    await site.report([post({ title: "Revived", changedAt: "2026-11-27T10:20:00.000Z" })]);
    expect(await entries()).toEqual([["category", `${site.siteUrl}/category/tea/`, "Tea"]]);

    const bad = await site.report([{ kind: "comment", id: 1, changedAt: "yesterday", status: "linkable" }]);
    expect(bad.status).toBe(400);
    expect(typeof bad.body.message).toBe("string");
  });
});
