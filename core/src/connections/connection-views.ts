// Connections as the API returns them: names, addresses, the blog and the username, never a credential.
import type { ShopifyConnectionView, WordpressConnectionView } from "../contracts/connections.ts";
import type { ShopifyConnection, WordpressConnection } from "../db/index.ts";
import { siteDisplayName } from "./site-display-name.ts";

export function toShopifyConnectionView(row: ShopifyConnection): ShopifyConnectionView {
  return {
    id: row.id,
    storeName: row.storeName,
    storeUrl: row.storeUrl,
    blogId: row.blogId,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toWordpressConnectionView(
  row: WordpressConnection & { siteCredential?: { lastUsedAt: Date | null } | null },
): WordpressConnectionView {
  return {
    id: row.id,
    siteName: siteDisplayName(row.siteName, row.siteUrl),
    siteUrl: row.siteUrl,
    username: row.username,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    via: row.via === "plugin" ? "plugin" : "application_password",
    lastUsedAt: row.siteCredential?.lastUsedAt?.toISOString() ?? null,
  };
}
