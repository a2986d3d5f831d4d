import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../testing/index.ts";
import { saveShopifyConnection } from "./save-shopify-connection.ts";
import type { ConnectionDeps } from "../types.ts";

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

/**
 * A Shopify that lists one blog for any store and token, answering only once `expected` checks are waiting, so that
 * concurrent saves reach the database at the same moment.
 */
function gatedShopify(expected: number): ConnectionDeps["fetch"] {
  const waiting: Array<() => void> = [];
  return async () => {
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (waiting.length === expected) for (const release of waiting) release();
    });
    const blogs = { nodes: [{ id: "gid://shopify/Blog/1", title: "News" }], pageInfo: { hasNextPage: false } };
    return Response.json({ data: { blogs } });
  };
}

function depsWith(fetch: ConnectionDeps["fetch"]): ConnectionDeps {
  return {
    prisma: db.prisma,
    encryptionKey: randomBytes(32),
    fetch,
    allowPrivateNetworkTargets: false,
    loadImage: async () => null,
    shopifyApiBaseUrl: "http://shopify.invalid/{shop}",
  };
}

const saveStore = (deps: ConnectionDeps, userId: number, store: string) =>
  saveShopifyConnection(deps, {
    userId,
    connection: { storeName: store, storeUrl: store, accessToken: `shpat_${store}`, blogId: "gid://shopify/Blog/1" },
  });

describe("saveShopifyConnection", () => {
  it("keeps one store in use when saves of two different stores race on a plan with one store", async () => {
    const user = await db.prisma.user.create({ data: { email: "race@example.com", password: "x" } });
    const deps = depsWith(gatedShopify(2));

    await Promise.all([saveStore(deps, user.id, "first-store"), saveStore(deps, user.id, "second-store")]);

    const rows = await db.prisma.shopifyConnection.findMany({ where: { userId: user.id } });
    // Each store its own connection; exactly one in use.
    expect(rows.map((r) => r.storeUrl).sort()).toEqual([
      "https://first-store.myshopify.com",
      "https://second-store.myshopify.com",
    ]);
    expect(rows.filter((r) => r.isActive)).toHaveLength(1);
  });

  it("gives another store a connection of its own on a plan with one store: the old one keeps its plans, paused", async () => {
    const user = await db.prisma.user.create({ data: { email: "replace@example.com", password: "x" } });
    const deps = depsWith(async () =>
      Response.json({
        data: { blogs: { nodes: [{ id: "gid://shopify/Blog/1", title: "News" }], pageInfo: { hasNextPage: false } } },
      }),
    );
    const first = await saveStore(deps, user.id, "old-store");
    const plan = await db.prisma.contentPlan.create({
      data: {
        userId: user.id,
        name: "Spring",
        platform: "shopify",
        connectionId: first.id,
        weekdays: [1],
        publishTime: "09:00",
        timeZone: "UTC",
      },
    });

    const second = await saveStore(deps, user.id, "new-store");

    expect(second.id).not.toBe(first.id);
    const old = await db.prisma.shopifyConnection.findUniqueOrThrow({ where: { id: first.id } });
    expect(old).toMatchObject({ storeUrl: "https://old-store.myshopify.com", isActive: false });
    expect(await db.prisma.contentPlan.findUniqueOrThrow({ where: { id: plan.id } })).toMatchObject({
      connectionId: first.id,
      status: "paused",
      pausedReason:
        "Paused because old-store.myshopify.com is no longer your connected Shopify store (your plan connects one). Connect old-store.myshopify.com again to resume it, or upgrade to keep both stores.",
    });

    // Saving the same store again updates its connection, and touches no plan.
    const again = await saveStore(deps, user.id, "new-store");
    expect(again.id).toBe(second.id);
    expect(await db.prisma.shopifyConnection.count({ where: { userId: user.id } })).toBe(2);
  });
});
