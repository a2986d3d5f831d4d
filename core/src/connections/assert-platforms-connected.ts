import type { Platform } from "../contracts/blog.ts";
import { badRequest } from "../errors/index.ts";
import { findCurrentShopifyConnection, findCurrentWordpressConnection } from "./current-connections.ts";
import { notConnectedMessages, type ConnectionDeps } from "./types.ts";

/** Refuses (400, naming the platform) when the user has no connection to one of the platforms. */
export async function assertPlatformsConnected(
  deps: Pick<ConnectionDeps, "prisma">,
  userId: number,
  platforms: readonly Platform[],
): Promise<void> {
  for (const platform of platforms) {
    const connection =
      platform === "shopify"
        ? await findCurrentShopifyConnection(deps.prisma, userId)
        : await findCurrentWordpressConnection(deps.prisma, userId);
    if (!connection) throw badRequest(notConnectedMessages[platform]);
  }
}
