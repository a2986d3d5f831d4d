import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/index.ts";
import { saveShopifyConnection } from "./save-shopify-connection.ts";
import type { ConnectionDeps } from "./types.ts";

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

describe("saveShopifyConnection", () => {
  it("keeps one store when saves of two different stores race on a plan with one store", async () => {
    const user = await db.prisma.user.create({ data: { email: "race@example.com", password: "x" } });
    const deps: ConnectionDeps = {
      prisma: db.prisma,
      encryptionKey: randomBytes(32),
      fetch: gatedShopify(2),
      allowPrivateNetworkTargets: false,
      loadImage: async () => null,
      shopifyApiBaseUrl: "http://shopify.invalid/{shop}",
    };
    const save = (store: string) =>
      saveShopifyConnection(deps, {
        userId: user.id,
        connection: {
          storeName: store,
          storeUrl: store,
          accessToken: `shpat_${store}`,
          blogId: "gid://shopify/Blog/1",
        },
      });

    await Promise.all([save("first-store"), save("second-store")]);

    const rows = await db.prisma.shopifyConnection.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.isActive).toBe(true);
  });
});
