import type { ShopifyConnectionView } from "../../contracts/connections.ts";
import { toShopifyConnectionView } from "../connection-views.ts";
import { findCurrentShopifyConnection } from "../current-connections.ts";
import type { ConnectionDeps } from "../types.ts";

/** The store the user publishes to (the dashboard's connection card), or null when none is connected. */
export async function getShopifyConnection(
  deps: Pick<ConnectionDeps, "prisma">,
  input: { userId: number },
): Promise<ShopifyConnectionView | null> {
  const row = await findCurrentShopifyConnection(deps.prisma, input.userId);
  return row ? toShopifyConnectionView(row) : null;
}
