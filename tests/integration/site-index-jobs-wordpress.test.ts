// A WordPress site's index is built as soon as the site is connected, by whichever way: a pasted application
// password, WordPress's Authorize Application screen, or the Postwright plugin's connect (read anonymously: its
// public posts, pages and categories). Each way queues the site's job at once and a site indexer builds the index
// from the real WordPress (tests/support/wordpress).
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { approveWordpressPluginConnection } from "../../core/src/connections/wordpress/approve-wordpress-plugin-connection.ts";
import { exchangeConnectCode } from "../../core/src/connections/wordpress/exchange-connect-code.ts";
import { saveWordpressConnection } from "../../core/src/connections/wordpress/save-wordpress-connection.ts";
import {
  completeWordpressAuthorization,
  startWordpressAuthorization,
} from "../../core/src/connections/wordpress/wordpress-authorization.ts";
import { createSafeFetch, type SafeFetch } from "../../core/src/security/index.ts";
import {
  createSiteIndexer,
  getSiteIndexStatus,
  readSiteLinks,
  type SiteIndexer,
} from "../../core/src/site-index/index.ts";
import { createTestDatabase, type TestDatabase } from "../../core/src/testing/index.ts";
import { seedUser } from "../support/scheduler/seed.ts";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";

let site: WordPressSite;
let safeFetch: SafeFetch;
let db: TestDatabase;
let indexer: SiteIndexer | undefined;
const encryptionKey = randomBytes(32);

async function create(route: string, body: Record<string, unknown>) {
  const response = await site.rest(route, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
}

beforeAll(async () => {
  [site, db] = await Promise.all([startWordPress({}), createTestDatabase()]);
  safeFetch = createSafeFetch({
    allowPrivateNetworkTargets: false,
    allowedAddresses: ["127.0.0.1"],
    timeoutMs: 15_000,
  });
  await create("wp/v2/posts", { title: "How to Clean a Coffee Grinder", status: "publish" });
  await create("wp/v2/pages", { title: "About Our Roastery", status: "publish" });
  await create("wp/v2/posts", { title: "A Draft Nobody Should See", status: "draft" });
}, 600_000);

afterEach(async () => {
  await indexer?.stop();
  indexer = undefined;
});

afterAll(async () => {
  await safeFetch?.close();
  await db?.close();
  await site?.stop();
});

// The test site speaks plain http on loopback, as a development site would.
const deps = () => ({
  prisma: db.prisma,
  encryptionKey,
  fetch: safeFetch,
  allowPrivateNetworkTargets: true,
  loadImage: async () => null,
  publicUrl: "http://127.0.0.1:5000",
});

/** The site's job was queued by the connection; a site indexer then builds the index. */
async function expectIndexedAfterConnecting(userId: number) {
  const [queued] = await getSiteIndexStatus({ prisma: db.prisma }, { userId });
  expect(queued).toMatchObject({ platform: "wordpress", state: "queued", pagesIndexed: 0 });
  indexer = createSiteIndexer(deps(), { instanceId: "test", intervalMs: 100 });
  indexer.start();
  const [ready] = await vi.waitFor(
    async () => {
      const sites = await getSiteIndexStatus({ prisma: db.prisma }, { userId });
      if (sites[0]?.state !== "ready") throw new Error(`not ready: ${JSON.stringify(sites)}`);
      return sites;
    },
    { timeout: 60_000, interval: 50 },
  );
  const titles = (await readSiteLinks(db.prisma, userId)).map((link) => link.title);
  expect(titles).toContain("How to Clean a Coffee Grinder");
  expect(titles).toContain("About Our Roastery");
  expect(titles).not.toContain("A Draft Nobody Should See");
  expect(ready!.pagesIndexed).toBe(titles.length);
}

describe("indexing a WordPress site as soon as it is connected", () => {
  it("with a pasted application password", async () => {
    const userId = await seedUser(db, "Pasted");
    await saveWordpressConnection(deps(), {
      userId,
      connection: {
        siteName: "Roastery",
        siteUrl: site.url,
        username: site.adminUser,
        applicationPassword: site.applicationPassword,
        isActive: true,
      },
    });
    await expectIndexedAfterConnecting(userId);
  });

  it("through WordPress's Authorize Application screen", async () => {
    const userId = await seedUser(db, "Authorized");
    const { authorizeUrl } = startWordpressAuthorization(deps(), {
      userId,
      site: { siteName: "Roastery", siteUrl: site.url },
    });
    const callback = new URL(new URL(authorizeUrl).searchParams.get("success_url")!);
    await completeWordpressAuthorization(deps(), {
      userId,
      callback: {
        state: callback.searchParams.get("state")!,
        site_url: site.url,
        user_login: site.adminUser,
        password: site.applicationPassword,
      },
    });
    await expectIndexedAfterConnecting(userId);
  });

  it("through the Postwright plugin's connect, reading the site's public pages", async () => {
    const userId = await seedUser(db, "Plugin");
    const { redirectUrl } = await approveWordpressPluginConnection(
      { prisma: db.prisma, allowPrivateNetworkTargets: true },
      {
        userId,
        approval: {
          siteUrl: site.url,
          restUrl: `${site.url}/wp-json/`,
          state: "s".repeat(32),
          returnUrl: `${site.url}/wp-admin/admin.php?page=postwright`,
        },
      },
    );
    const code = new URL(redirectUrl).searchParams.get("postwright_code")!;
    await exchangeConnectCode({ prisma: db.prisma, encryptionKey }, { code, siteUrl: site.url });
    await expectIndexedAfterConnecting(userId);
  });
});
