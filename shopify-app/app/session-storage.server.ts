// Shopify's SessionStorage on the core's session store (shopify_sessions, tokens encrypted at rest). Shopify's own
// Prisma adapter supports only Prisma 6; this turns its Session objects into the core's plain records and back.
import { Session } from "@shopify/shopify-api";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";
import type { ShopifySessionRecord, ShopifySessionStore } from "@postwright/core/shopify-shops";

function toRecord(session: Session): ShopifySessionRecord {
  return {
    id: session.id,
    shop: session.shop,
    state: session.state,
    isOnline: session.isOnline,
    scope: session.scope ?? null,
    expires: session.expires ?? null,
    accessToken: session.accessToken ?? null,
    refreshToken: session.refreshToken ?? null,
    refreshTokenExpires: session.refreshTokenExpires ?? null,
    onlineAccessInfo: session.onlineAccessInfo ?? null,
  };
}

function toSession(record: ShopifySessionRecord): Session {
  return new Session({
    id: record.id,
    shop: record.shop,
    state: record.state,
    isOnline: record.isOnline,
    scope: record.scope ?? undefined,
    expires: record.expires ?? undefined,
    accessToken: record.accessToken ?? undefined,
    refreshToken: record.refreshToken ?? undefined,
    refreshTokenExpires: record.refreshTokenExpires ?? undefined,
    onlineAccessInfo: (record.onlineAccessInfo ?? undefined) as Session["onlineAccessInfo"],
  });
}

export class CoreSessionStorage implements SessionStorage {
  constructor(private readonly store: ShopifySessionStore) {}

  storeSession(session: Session): Promise<boolean> {
    return this.store.storeSession(toRecord(session));
  }

  async loadSession(id: string): Promise<Session | undefined> {
    const record = await this.store.loadSession(id);
    return record ? toSession(record) : undefined;
  }

  deleteSession(id: string): Promise<boolean> {
    return this.store.deleteSession(id);
  }

  deleteSessions(ids: string[]): Promise<boolean> {
    return this.store.deleteSessions(ids);
  }

  async findSessionsByShop(shop: string): Promise<Session[]> {
    return (await this.store.findSessionsByShop(shop)).map(toSession);
  }
}
