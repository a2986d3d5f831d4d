// The connections in use kept in memory for the scheduler: served from memory only while the connection tables'
// changes are heard, and dropped as soon as a connection is saved, replaced, added or removed, here or elsewhere.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/index.ts";
import { ConnectionRows } from "./connection-rows.ts";
import { deleteConnection } from "./delete-connection.ts";
import { resolvePublishTarget } from "./resolve-publish-target.ts";
import { saveShopifyConnection } from "./shopify/save-shopify-connection.ts";
import type { ConnectionDeps } from "./types.ts";

let db: TestDatabase;
let userId: number;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});
beforeEach(async () => {
  const user = await db.prisma.user.create({
    data: { email: `rows-${randomBytes(4).toString("hex")}@example.com`, password: "x" },
  });
  userId = user.id;
});

const shopify = (storeName: string, isActive = true) =>
  db.prisma.shopifyConnection.create({
    data: {
      userId,
      storeName,
      storeUrl: `https://${storeName}.myshopify.com`,
      apiKey: "custom-app",
      password: `sealed-${storeName}`,
      blogId: "gid://shopify/Blog/1",
      isActive,
    },
  });

/** Changes a row the way no trigger reports (as if the notification were lost), to tell memory from the database. */
async function silently(sql: string, ...params: unknown[]): Promise<void> {
  await db.prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe("SET LOCAL session_replication_role = replica");
    await tx.$executeRawUnsafe(sql, ...params);
  });
}

async function watched(rows: ConnectionRows) {
  const stop = await rows.watch(db);
  return stop;
}

describe("ConnectionRows", () => {
  it("serves the connection in use from memory while watching, and from the database once stopped", async () => {
    const rows = new ConnectionRows();
    const row = await shopify("first");
    const stop = await watched(rows);
    expect((await rows.currentShopify(db.prisma, userId))?.storeName).toBe("first");
    await silently(`UPDATE "custom_shopify_connections" SET "storeName" = 'renamed' WHERE "id" = $1`, row.id);
    expect((await rows.currentShopify(db.prisma, userId))?.storeName).toBe("first");
    await stop();
    expect((await rows.currentShopify(db.prisma, userId))?.storeName).toBe("renamed");
    expect((await rows.currentShopify(db.prisma, userId))?.storeName).toBe("renamed");
  });

  it("reads from the database when nobody watches", async () => {
    const rows = new ConnectionRows();
    const row = await shopify("first");
    expect((await rows.currentShopify(db.prisma, userId))?.storeName).toBe("first");
    await silently(`UPDATE "custom_shopify_connections" SET "storeName" = 'renamed' WHERE "id" = $1`, row.id);
    expect((await rows.currentShopify(db.prisma, userId))?.storeName).toBe("renamed");
  });

  it("drops a connection changed, added or removed by any instance (the tables' triggers)", async () => {
    const rows = new ConnectionRows();
    const row = await shopify("first");
    const stop = await watched(rows);
    try {
      const current = async () => (await rows.currentShopify(db.prisma, userId))?.password ?? null;
      expect(await current()).toBe("sealed-first");

      await db.prisma.shopifyConnection.update({ where: { id: row.id }, data: { password: "sealed-new-token" } });
      await vi.waitFor(async () => expect(await current()).toBe("sealed-new-token"));

      // A newer inactive connection does not take over; an active one added beside the current one does.
      await db.prisma.wordpressConnection.create({
        data: {
          userId,
          siteName: "Old",
          siteUrl: "https://old.example",
          username: "u",
          applicationPassword: "p1",
          isActive: false,
        },
      });
      expect((await rows.currentWordpress(db.prisma, userId))?.siteName).toBe("Old");
      await db.prisma.wordpressConnection.create({
        data: {
          userId,
          siteName: "New",
          siteUrl: "https://new.example",
          username: "u",
          applicationPassword: "p2",
          isActive: false,
        },
      });
      await vi.waitFor(async () => expect((await rows.currentWordpress(db.prisma, userId))?.siteName).toBe("New"));

      await db.prisma.shopifyConnection.delete({ where: { id: row.id } });
      await vi.waitFor(async () => expect(await current()).toBeNull());
    } finally {
      await stop();
    }
  });

  it("forgets the user's connection as soon as this process saves or removes one, and publishing follows", async () => {
    const rows = new ConnectionRows();
    const deps: ConnectionDeps = {
      prisma: db.prisma,
      encryptionKey: randomBytes(32),
      fetch: async () =>
        Response.json({
          data: { blogs: { nodes: [{ id: "gid://shopify/Blog/1", title: "News" }], pageInfo: { hasNextPage: false } } },
        }),
      allowPrivateNetworkTargets: false,
      loadImage: async () => null,
      shopifyApiBaseUrl: "http://shopify.invalid/{shop}",
      connectionRows: rows,
    };
    const save = (token: string) =>
      saveShopifyConnection(deps, {
        userId,
        connection: { storeName: "Shop", storeUrl: "shop", accessToken: token, blogId: "gid://shopify/Blog/1" },
      });
    const stop = await watched(rows);
    try {
      await save("shpat_first");
      const first = (await rows.currentShopify(db.prisma, userId))?.password;
      await save("shpat_second");
      // No waiting for the notification: the save itself dropped the entry.
      const second = (await rows.currentShopify(db.prisma, userId))?.password;
      expect(second).not.toBe(first);
      expect(second).toBe((await db.prisma.shopifyConnection.findFirstOrThrow({ where: { userId } })).password);
      await expect(resolvePublishTarget(deps, { userId, platform: "shopify" })).resolves.toMatchObject({
        platform: "shopify",
      });

      await deleteConnection(deps, { userId, platform: "shopify" });
      await expect(resolvePublishTarget(deps, { userId, platform: "shopify" })).rejects.toThrow(
        "Connect your Shopify store first.",
      );
    } finally {
      await stop();
    }
  });
});
