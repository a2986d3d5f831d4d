// Shopify's SessionStorage (store, load, delete, deleteMany, findSessionsByShop) on the shared database. Access and
// refresh tokens are encrypted with the same key as every other stored credential, so a copy of the database alone
// does not give access to any store.
import { PrismaNamespace } from "../db/index.ts";
import type { ShopifySession } from "../db/generated/client.ts";
import { decryptSecret, encryptSecret } from "../security/index.ts";
import type { ShopDeps, ShopifySessionRecord } from "./types.ts";

export interface ShopifySessionStore {
  storeSession(session: ShopifySessionRecord): Promise<boolean>;
  loadSession(id: string): Promise<ShopifySessionRecord | undefined>;
  deleteSession(id: string): Promise<boolean>;
  deleteSessions(ids: string[]): Promise<boolean>;
  findSessionsByShop(shop: string): Promise<ShopifySessionRecord[]>;
}

export function createShopifySessionStore(deps: Pick<ShopDeps, "prisma" | "encryptionKey">): ShopifySessionStore {
  const seal = (value: string | null) => (value ? encryptSecret(value, deps.encryptionKey) : null);
  const open = (value: string | null) => (value ? decryptSecret(value, deps.encryptionKey) : null);
  const toRecord = (row: ShopifySession): ShopifySessionRecord => ({
    id: row.id,
    shop: row.shop,
    state: row.state,
    isOnline: row.isOnline,
    scope: row.scope,
    expires: row.expires,
    accessToken: open(row.accessToken),
    refreshToken: open(row.refreshToken),
    refreshTokenExpires: row.refreshTokenExpires,
    onlineAccessInfo: row.onlineAccessInfo,
  });

  return {
    async storeSession(session) {
      const fields = {
        shop: session.shop,
        state: session.state,
        isOnline: session.isOnline,
        scope: session.scope,
        expires: session.expires,
        accessToken: seal(session.accessToken),
        refreshToken: seal(session.refreshToken),
        refreshTokenExpires: session.refreshTokenExpires,
        onlineAccessInfo:
          session.onlineAccessInfo === undefined || session.onlineAccessInfo === null
            ? PrismaNamespace.DbNull
            : (session.onlineAccessInfo as object),
      };
      await deps.prisma.shopifySession.upsert({
        where: { id: session.id },
        create: { id: session.id, ...fields },
        update: fields,
      });
      return true;
    },
    async loadSession(id) {
      const row = await deps.prisma.shopifySession.findUnique({ where: { id } });
      return row ? toRecord(row) : undefined;
    },
    async deleteSession(id) {
      await deps.prisma.shopifySession.deleteMany({ where: { id } });
      return true;
    },
    async deleteSessions(ids) {
      await deps.prisma.shopifySession.deleteMany({ where: { id: { in: ids } } });
      return true;
    },
    async findSessionsByShop(shop) {
      const rows = await deps.prisma.shopifySession.findMany({ where: { shop }, orderBy: { id: "asc" } });
      return rows.map(toRecord);
    },
  };
}
