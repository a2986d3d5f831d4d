// The site index of a real WordPress (see tests/support/wordpress): its published posts, pages and categories are
// read over REST through the SSRF-guarded fetch, stored for the owner's connection, and refreshed again on demand.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@postwright/core/testing";
import { encryptSecret, createSafeFetch, type SafeFetch } from "../../core/src/security/index.ts";
import {
  pickSiteLinks,
  readSiteLinks,
  readWordpressSitePages,
  refreshSiteIndex,
} from "../../core/src/site-index/index.ts";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";

let site: WordPressSite;
let safeFetch: SafeFetch;
let db: TestDatabase;
const encryptionKey = Buffer.alloc(32, 7);

async function create(route: string, body: Record<string, unknown>): Promise<{ id: number; link: string }> {
  const response = await site.rest(route, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; link: string };
}

beforeAll(async () => {
  site = await startWordPress({});
  safeFetch = createSafeFetch({
    allowPrivateNetworkTargets: false,
    allowedAddresses: ["127.0.0.1"],
    timeoutMs: 15_000,
  });
  db = await createTestDatabase();
  const category = await create("wp/v2/categories", { name: "Coffee Gear" });
  await create("wp/v2/posts", { title: "How to Clean a Coffee Grinder", status: "publish", categories: [category.id] });
  await create("wp/v2/posts", { title: "Espresso &amp; Milk: A Beginner's Guide", status: "publish" });
  await create("wp/v2/posts", { title: "A Draft Nobody Should See", status: "draft" });
  await create("wp/v2/pages", { title: "About Our Roastery", status: "publish" });
}, 600_000);

afterAll(async () => {
  await safeFetch?.close();
  await db?.close();
  await site?.stop();
});

const credentials = () => ({
  siteUrl: site.url,
  username: site.adminUser,
  applicationPassword: site.applicationPassword,
});

describe("the WordPress site index", () => {
  it("reads published posts, pages and categories with their public addresses, and no drafts", async () => {
    const pages = await readWordpressSitePages({ fetch: safeFetch, allowPlainHttp: true }, { credentials: credentials(), limit: 2000 });
    const byTitle = new Map(pages.map((p) => [p.title, p]));
    expect(byTitle.get("How to Clean a Coffee Grinder")?.kind).toBe("post");
    // Titles come back as text: entities decoded (WordPress typesets the apostrophe as a curly one).
    expect(byTitle.get("Espresso & Milk: A Beginner’s Guide")?.kind).toBe("post");
    expect(byTitle.get("About Our Roastery")?.kind).toBe("page");
    expect(byTitle.get("Coffee Gear")?.kind).toBe("category");
    expect(byTitle.has("A Draft Nobody Should See")).toBe(false);
    for (const page of pages) {
      const answer = await fetch(page.url);
      expect(answer.status, page.url).toBe(200);
      await answer.arrayBuffer();
    }
    expect(await readWordpressSitePages({ fetch: safeFetch, allowPlainHttp: true }, { credentials: credentials(), limit: 2 })).toHaveLength(
      2,
    );
  });

  it("stores the pages for the owner's connection on a refresh, and replaces them at the next one", async () => {
    const user = await db.prisma.user.create({ data: { email: "owner@example.com", password: "x" } });
    const connection = await db.prisma.wordpressConnection.create({
      data: {
        userId: user.id,
        siteName: "Roastery",
        siteUrl: site.url,
        username: site.adminUser,
        applicationPassword: encryptSecret(site.applicationPassword, encryptionKey),
      },
    });
    // The test site speaks plain http on loopback, as a development site would.
    const deps = { prisma: db.prisma, encryptionKey, fetch: safeFetch, allowPrivateNetworkTargets: true };
    const [first] = await refreshSiteIndex(deps, { userId: user.id });
    expect(first).toMatchObject({ platform: "wordpress", connectionId: connection.id });
    const stored = await readSiteLinks(db.prisma, user.id);
    expect(stored.length).toBe(first!.pages);
    const picked = pickSiteLinks(stored, {
      keyphrase: "coffee grinder",
      keywords: [],
      title: "Choosing a coffee grinder",
    });
    expect(picked[0]?.title).toBe("How to Clean a Coffee Grinder");

    await create("wp/v2/posts", { title: "Cold Brew at Home", status: "publish" });
    await refreshSiteIndex(deps, { userId: user.id });
    const again = await readSiteLinks(db.prisma, user.id);
    expect(again.map((p) => p.title)).toContain("Cold Brew at Home");
    expect(new Set(again.map((p) => p.url)).size).toBe(again.length);
  });
});
