// A WordPress site connected with an application password has no plugin to say what changed, so between its daily
// full reads the indexer asks it, every few minutes, what changed since the last time: a post published, renamed,
// unpublished, trashed or deleted for good reaches the index at the next such read, and so does a category added,
// renamed, deleted or emptied, without the whole site being read again. The owner's "Read pages again" still reads everything. Against the real WordPress (tests/support/wordpress).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveWordpressConnection } from "../../core/src/connections/wordpress/save-wordpress-connection.ts";
import { createSafeFetch, type SafeFetch } from "../../core/src/security/index.ts";
import {
  readSiteLinks,
  requestSiteIndexRefresh,
  SITE_INDEX_CHANGES_EVERY_MS,
} from "../../core/src/site-index/index.ts";
import { createTestDatabase, type TestDatabase } from "../../core/src/testing/index.ts";
import { runSiteIndexerUntilRead } from "../support/run-site-indexer.ts";
import { seedUser } from "../support/scheduler/seed.ts";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";

let site: WordPressSite;
let safeFetch: SafeFetch;
let db: TestDatabase;
const encryptionKey = randomBytes(32);

async function send(method: string, route: string, body?: Record<string, unknown>) {
  const response = await site.rest(route, {
    method,
    headers: { "content-type": "application/json" },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as { id: number; link: string };
}

beforeAll(async () => {
  [site, db] = await Promise.all([startWordPress({}), createTestDatabase()]);
  safeFetch = createSafeFetch({
    allowPrivateNetworkTargets: false,
    allowedAddresses: ["127.0.0.1"],
    timeoutMs: 15_000,
  });
}, 600_000);

afterAll(async () => {
  await safeFetch?.close();
  await db?.close();
  await site?.stop();
});

const deps = () => ({
  prisma: db.prisma,
  encryptionKey,
  fetch: safeFetch,
  allowPrivateNetworkTargets: true,
  loadImage: async () => null,
  publicUrl: "http://127.0.0.1:5000",
});

const job = (connectionId: number) =>
  db.prisma.siteIndexJob.findUniqueOrThrow({
    where: { platform_connectionId: { platform: "wordpress", connectionId } },
  });

/** Runs the indexer until the job has finished a read after `after` (its updatedAt), and stops it. */
const runIndexer = (connectionId: number, after: Date) =>
  runSiteIndexerUntilRead(deps(), () => job(connectionId), after);

describe("a WordPress site without the plugin, between full reads", () => {
  it("is asked what changed: new, renamed, unpublished and trashed posts and pages reach the index", async () => {
    const grinder = await send("POST", "wp/v2/posts", { title: "How to Clean a Coffee Grinder", status: "publish" });
    const about = await send("POST", "wp/v2/pages", { title: "About Our Roastery", status: "publish" });
    const kettles = await send("POST", "wp/v2/posts", { title: "Choosing a Gooseneck Kettle", status: "publish" });
    const userId = await seedUser(db, "Changes");
    const { id: connectionId } = await saveWordpressConnection(deps(), {
      userId,
      connection: {
        siteName: "Roastery",
        siteUrl: site.url,
        username: site.adminUser,
        applicationPassword: site.applicationPassword,
        isActive: true,
      },
    });
    await runIndexer(connectionId, new Date(0));
    const full = await job(connectionId);
    expect(full.changesSince).not.toBeNull();
    expect(full.fullReadAsked).toBe(false);
    // Due again in a few minutes for its changes, not in a day.
    expect(full.nextAttemptAt!.getTime() - full.updatedAt.getTime()).toBeLessThanOrEqual(SITE_INDEX_CHANGES_EVERY_MS);
    const titles = async () => (await readSiteLinks(db.prisma, userId)).map((link) => link.title).sort();
    expect(await titles()).toEqual(
      expect.arrayContaining(["About Our Roastery", "Choosing a Gooseneck Kettle", "How to Clean a Coffee Grinder"]),
    );

    await send("POST", "wp/v2/posts", { title: "Pour-over Ratios Explained", status: "publish" });
    await send("POST", `wp/v2/posts/${grinder.id}`, { title: "Cleaning a Burr Grinder, Step by Step" });
    await send("POST", `wp/v2/posts/${kettles.id}`, { status: "draft" });
    await send("DELETE", `wp/v2/pages/${about.id}`);
    await send("POST", "wp/v2/posts", { title: "An Unfinished Draft", status: "draft" });

    // The changes read is due (as it is every few minutes); nobody asked for a full read.
    await db.prisma.siteIndexJob.update({ where: { id: full.id }, data: { nextAttemptAt: new Date() } });
    await runIndexer(connectionId, full.updatedAt);
    const changed = await job(connectionId);
    expect(changed.indexedAt).toEqual(full.indexedAt); // not read in full again
    expect(changed.changesSince!.getTime()).toBeGreaterThan(full.changesSince!.getTime());
    const now = await titles();
    expect(now).toContain("Pour-over Ratios Explained");
    expect(now).toContain("Cleaning a Burr Grinder, Step by Step");
    expect(now).not.toContain("How to Clean a Coffee Grinder");
    expect(now).not.toContain("Choosing a Gooseneck Kettle");
    expect(now).not.toContain("About Our Roastery");
    expect(now).not.toContain("An Unfinished Draft");
    expect(changed.pagesIndexed).toBe((await readSiteLinks(db.prisma, userId)).length);
    // The renamed post keeps its address: one entry for it, under its new title.
    const links = await readSiteLinks(db.prisma, userId);
    expect(links.filter((link) => link.url === grinder.link)).toHaveLength(1);

    // "Read pages again" reads the whole site.
    await requestSiteIndexRefresh({ prisma: db.prisma }, { userId });
    expect((await job(connectionId)).fullReadAsked).toBe(true);
    await runIndexer(connectionId, changed.updatedAt);
    const reread = await job(connectionId);
    expect(reread.indexedAt!.getTime()).toBeGreaterThan(changed.indexedAt!.getTime());
    expect(reread.fullReadAsked).toBe(false);
  });

  it("removes posts and pages deleted for good, which no list of changes shows, at the next changes read", async () => {
    const press = await send("POST", "wp/v2/posts", { title: "French Press Without the Sludge", status: "publish" });
    const moka = await send("POST", "wp/v2/posts", { title: "Moka Pot Basics", status: "publish" });
    const careers = await send("POST", "wp/v2/pages", { title: "Work at the Roastery", status: "publish" });
    const userId = await seedUser(db, "Deletions");
    const { id: connectionId } = await saveWordpressConnection(deps(), {
      userId,
      connection: {
        siteName: "Roastery",
        siteUrl: site.url,
        username: site.adminUser,
        applicationPassword: site.applicationPassword,
        isActive: true,
      },
    });
    await runIndexer(connectionId, new Date(0));
    const full = await job(connectionId);
    const titles = async () => (await readSiteLinks(db.prisma, userId)).map((link) => link.title);
    expect(await titles()).toEqual(
      expect.arrayContaining(["French Press Without the Sludge", "Moka Pot Basics", "Work at the Roastery"]),
    );

    // Deleted without the trash (as `wp post delete --force` or a site without a trash does), and a post published
    // meanwhile; the other post is trashed, then emptied from the trash.
    await send("DELETE", `wp/v2/posts/${press.id}?force=true`);
    await send("DELETE", `wp/v2/pages/${careers.id}?force=true`);
    await send("POST", "wp/v2/posts", { title: "Iced Pour-over in Five Minutes", status: "publish" });
    await send("DELETE", `wp/v2/posts/${moka.id}`);
    await send("DELETE", `wp/v2/posts/${moka.id}?force=true`);

    await db.prisma.siteIndexJob.update({ where: { id: full.id }, data: { nextAttemptAt: new Date() } });
    await runIndexer(connectionId, full.updatedAt);
    const changed = await job(connectionId);
    expect(changed.indexedAt).toEqual(full.indexedAt); // not read in full again
    const now = await titles();
    expect(now).toContain("Iced Pour-over in Five Minutes");
    expect(now).not.toContain("French Press Without the Sludge");
    expect(now).not.toContain("Moka Pot Basics");
    expect(now).not.toContain("Work at the Roastery");
    // Everything else published on the site is still there.
    const published = await site.rest("wp/v2/posts?status=publish&per_page=100&_fields=title");
    const onSite = ((await published.json()) as Array<{ title: { rendered: string } }>).map((p) => p.title.rendered);
    expect(now).toEqual(expect.arrayContaining(onSite));
    expect(changed.pagesIndexed).toBe(now.length);
  });

  it("takes the site's categories at the next changes read: new, renamed, deleted and emptied ones", async () => {
    const brewing = await send("POST", "wp/v2/categories", { name: "Brewing" });
    const beans = await send("POST", "wp/v2/categories", { name: "Single-Origin Beans" });
    const gear = await send("POST", "wp/v2/categories", { name: "Grinders and Gear" });
    await send("POST", "wp/v2/posts", { title: "Bloom Time", status: "publish", categories: [brewing.id] });
    const ethiopia = await send("POST", "wp/v2/posts", {
      title: "Tasting Ethiopian Beans",
      status: "publish",
      categories: [beans.id],
    });
    await send("POST", "wp/v2/posts", { title: "Hand Grinders Compared", status: "publish", categories: [gear.id] });
    const userId = await seedUser(db, "Categories");
    const { id: connectionId } = await saveWordpressConnection(deps(), {
      userId,
      connection: {
        siteName: "Roastery",
        siteUrl: site.url,
        username: site.adminUser,
        applicationPassword: site.applicationPassword,
        isActive: true,
      },
    });
    await runIndexer(connectionId, new Date(0));
    const full = await job(connectionId);
    const categories = async () =>
      (await readSiteLinks(db.prisma, userId)).filter((link) => link.kind === "category").map((link) => link.title);
    expect(await categories()).toEqual(expect.arrayContaining(["Brewing", "Single-Origin Beans", "Grinders and Gear"]));

    // A category added with a post, one renamed, one deleted, and one left without posts.
    const decaf = await send("POST", "wp/v2/categories", { name: "Decaf" });
    await send("POST", "wp/v2/posts", { title: "Swiss Water Decaf", status: "publish", categories: [decaf.id] });
    await send("POST", `wp/v2/categories/${brewing.id}`, { name: "Brewing Guides" });
    await send("DELETE", `wp/v2/categories/${gear.id}?force=true`);
    await send("POST", `wp/v2/posts/${ethiopia.id}`, { categories: [decaf.id] });

    await db.prisma.siteIndexJob.update({ where: { id: full.id }, data: { nextAttemptAt: new Date() } });
    await runIndexer(connectionId, full.updatedAt);
    const changed = await job(connectionId);
    expect(changed.indexedAt).toEqual(full.indexedAt); // not read in full again
    const now = await categories();
    expect(now).toEqual(expect.arrayContaining(["Decaf", "Brewing Guides"]));
    for (const gone of ["Brewing", "Single-Origin Beans", "Grinders and Gear"]) expect(now).not.toContain(gone);
    // The renamed category keeps its address: one entry for it, under its new name.
    const links = await readSiteLinks(db.prisma, userId);
    expect(links.filter((link) => link.url === brewing.link)).toHaveLength(1);
    expect(changed.pagesIndexed).toBe(links.length);
  });
});
