// Saves the user's Shopify store after checking the access token against the store, so a wrong token or store is
// refused with Shopify's reason instead of failing at the first publication. The token is stored encrypted; the
// saved connection becomes the one in use.
//
// How many stores a user may keep comes from the plan (maxConnectionsPerPlatform). Saving the store already saved
// (same address) updates it. Another store gets a connection of its own: on plans that allow one store, the saved one
// is turned off and keeps its content plans (paused, with the reason) and queued publications, nothing moving to the
// new store; plans that allow several add it, up to their limit.
import type { ShopifyConnectionInput, ShopifyConnectionView } from "../../contracts/connections.ts";
import { getEntitlements } from "../../billing/index.ts";
import { badRequest, forbidden } from "../../errors/index.ts";
import { normalizeShopDomain } from "../../publishing/shopify/index.ts";
import { encryptSecret } from "../../security/index.ts";
import { checkShopifyCredentials } from "./check-shopify-credentials.ts";
import { toShopifyConnectionView } from "../connection-views.ts";
import { currentFirst, lockUserConnections } from "../current-connections.ts";
import { pauseReplacedSitePlans } from "../pause-replaced-site-plans.ts";
import type { ConnectionDeps } from "../types.ts";
import { queueConnectedSiteReads } from "../../jobs/site-queues.ts";

/** The custom-app token needs no API key; the column keeps the specification's shape. */
export const SHOPIFY_API_KEY_PLACEHOLDER = "custom-app";

export async function saveShopifyConnection(
  deps: ConnectionDeps,
  input: { userId: number; connection: ShopifyConnectionInput },
): Promise<ShopifyConnectionView> {
  const { userId, connection } = input;
  const storeUrl = `https://${normalizeShopDomain(connection.storeUrl)}`;
  const accessToken = connection.accessToken.trim();
  const checked = await checkShopifyCredentials(deps, { storeUrl, accessToken });
  if (!checked.valid) {
    throw badRequest(checked.message ?? "Shopify did not accept this store URL and access token.");
  }
  const wanted = connection.blogId.trim();
  const blog = checked.blogs.find((b) => b.id === wanted || b.id.endsWith(`/${wanted}`));
  if (!blog) {
    throw badRequest(
      "The selected blog was not found in this store. Test the connection again and choose one of its blogs.",
    );
  }
  const { maxConnectionsPerPlatform: limit } = await getEntitlements({ prisma: deps.prisma }, userId);
  const fields = {
    storeName: connection.storeName.trim(),
    storeUrl,
    apiKey: SHOPIFY_API_KEY_PLACEHOLDER,
    password: encryptSecret(accessToken, deps.encryptionKey),
    blogId: blog.id,
    isActive: true,
  };

  const saved = await deps.prisma.$transaction(async (tx) => {
    await lockUserConnections(tx, userId);
    const existing = await tx.shopifyConnection.findMany({ where: { userId }, orderBy: currentFirst });
    const target = existing.find((c) => sameStore(c.storeUrl, storeUrl));
    if (!target && limit > 1 && existing.length >= limit) {
      throw forbidden(`Your plan connects up to ${limit} Shopify stores. Disconnect one before connecting another.`);
    }
    const replaces = !target && limit <= 1 ? (existing.find((c) => c.isActive) ?? null) : null;
    await pauseReplacedSitePlans(tx, {
      userId,
      platform: "shopify",
      replaced: replaces && { id: replaces.id, url: replaces.storeUrl },
    });
    await tx.shopifyConnection.updateMany({
      where: { userId, isActive: true, ...(target ? { id: { not: target.id } } : {}) },
      data: { isActive: false },
    });
    return target
      ? tx.shopifyConnection.update({ where: { id: target.id }, data: fields })
      : tx.shopifyConnection.create({ data: { ...fields, userId } });
  });
  deps.connectionRows?.forget(userId, "shopify");
  deps.logger?.info({ userId, connectionId: saved.id, store: storeUrl }, "Shopify connection saved");
  // The store's pages are read at once, so that the first post already links into it.
  await queueConnectedSiteReads(deps, { userId, platform: "shopify", connectionId: saved.id });
  return toShopifyConnectionView(saved);
}

function sameStore(stored: string, storeUrl: string): boolean {
  try {
    return `https://${normalizeShopDomain(stored)}` === storeUrl;
  } catch {
    return false;
  }
}
