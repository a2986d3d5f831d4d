import type { ShopifyConnectionView, WordpressConnectionView } from "../contracts/connections.ts";
import { toShopifyConnectionView, toWordpressConnectionView } from "./connection-views.ts";
import { currentFirst } from "./current-connections.ts";
import type { ConnectionDeps } from "./types.ts";

/** Every saved connection of the user, the one in use first (several only on plans that allow it). */
export async function listConnections(
  deps: Pick<ConnectionDeps, "prisma">,
  input: { userId: number },
): Promise<{ shopify: ShopifyConnectionView[]; wordpress: WordpressConnectionView[] }> {
  const [shopify, wordpress] = await Promise.all([
    deps.prisma.shopifyConnection.findMany({ where: { userId: input.userId }, orderBy: currentFirst }),
    deps.prisma.wordpressConnection.findMany({
      where: { userId: input.userId },
      orderBy: currentFirst,
      include: { siteCredential: { select: { lastUsedAt: true } } },
    }),
  ]);
  return { shopify: shopify.map(toShopifyConnectionView), wordpress: wordpress.map(toWordpressConnectionView) };
}
