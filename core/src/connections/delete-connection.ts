// Disconnects a store or site: the one given, else the one in use, with its site index (pages and job). When the one
// in use goes and others are saved, the newest of them takes its place (and its Search Console figures, not read while
// it was off, are read again). Posts scheduled for the platform stay
// scheduled; without a connection their publication fails with a message asking to connect, which the user sees on
// the post. The site's Search Console connection goes with it (its figures and reading job too), and its token is
// revoked at Google unless another of the owner's sites still uses it; the owner's other sites keep theirs.
import type { Platform } from "../contracts/blog.ts";
import type { PrismaNamespace } from "../db/index.ts";
import { notFound } from "../errors/index.ts";
import { revokeUnsharedToken } from "../google/revoke-unshared-token.ts";
import { resumeSearchConsole } from "../jobs/site-queues.ts";
import { currentFirst, lockUserConnections } from "./current-connections.ts";
import type { ConnectionDeps } from "./types.ts";

export interface DeleteConnectionInput {
  userId: number;
  platform: Platform;
  /** A saved connection's id; by default the one in use. */
  connectionId?: number;
}

const nothingConnected: Record<Platform, string> = {
  shopify: "No Shopify store is connected.",
  wordpress: "No WordPress site is connected.",
};

export async function deleteConnection(
  deps: Pick<ConnectionDeps, "prisma" | "encryptionKey" | "logger" | "connectionRows" | "google" | "now">,
  input: DeleteConnectionInput,
): Promise<void> {
  const { userId, platform, connectionId } = input;
  const { searchConsole, turnedOn } = await deps.prisma.$transaction(async (tx) => {
    await lockUserConnections(tx, userId);
    const table = connectionTable(tx, platform);
    const rows = await table.list(userId);
    const removed = connectionId === undefined ? rows[0] : rows.find((r) => r.id === connectionId);
    if (!removed) throw notFound(nothingConnected[platform]);
    await table.remove(userId, removed.id);
    // Its pages go with it: new posts no longer link to a site that is not connected. The job first: a reader
    // storing the site's pages holds its row until it has, so the pages are removed after them.
    await tx.siteIndexJob.deleteMany({ where: { userId, platform, connectionId: removed.id } });
    await tx.siteIndexEntry.deleteMany({ where: { userId, platform, connectionId: removed.id } });
    await tx.sitePostsJob.deleteMany({ where: { userId, platform, connectionId: removed.id } });
    await tx.sitePost.deleteMany({ where: { userId, platform, connectionId: removed.id } });
    await tx.siteVoice.deleteMany({ where: { userId, platform, connectionId: removed.id } });
    // Its Search Console connection, with its figures (its token is revoked below, once this is committed).
    const site = { userId, platform, connectionId: removed.id };
    const searchConsole = await tx.searchConsoleConnection.findFirst({ where: site, select: { refreshToken: true } });
    await tx.searchConsoleConnection.deleteMany({ where: site });
    await tx.searchConsoleJob.deleteMany({ where: { userId, platform, connectionId: removed.id } });
    await tx.searchConsolePage.deleteMany({ where: { userId, platform, connectionId: removed.id } });
    await tx.searchConsoleQuery.deleteMany({ where: { userId, platform, connectionId: removed.id } });
    // Refreshes hold copies of the site's posts, and can no longer be published or restored without it.
    await tx.postRefresh.deleteMany({ where: { userId, platform, connectionId: removed.id } });
    const rest = rows.filter((r) => r.id !== removed.id);
    const next = rest[0];
    const turnedOn = removed.isActive && next && !rest.some((r) => r.isActive) ? next : null;
    if (turnedOn) await table.activate(userId, turnedOn.id);
    return { searchConsole, turnedOn };
  });
  deps.connectionRows?.forget(userId, platform);
  deps.logger?.info({ userId, platform, connectionId }, "connection removed");
  // The site back in use has its Search Console figures read again at once (none were read while it was off).
  if (turnedOn) await resumeSearchConsole(deps, { userId, platform, connectionId: turnedOn.id });
  if (searchConsole) await revokeUnsharedToken(deps, { userId, refreshToken: searchConsole.refreshToken });
}

/** The same three operations on either platform's table. */
function connectionTable(tx: PrismaNamespace.TransactionClient, platform: Platform) {
  const select = { id: true, isActive: true } as const;
  if (platform === "shopify") {
    return {
      list: (userId: number) => tx.shopifyConnection.findMany({ where: { userId }, orderBy: currentFirst, select }),
      remove: (userId: number, id: number) => tx.shopifyConnection.deleteMany({ where: { id, userId } }),
      activate: (userId: number, id: number) =>
        tx.shopifyConnection.updateMany({ where: { id, userId }, data: { isActive: true } }),
    };
  }
  return {
    list: (userId: number) => tx.wordpressConnection.findMany({ where: { userId }, orderBy: currentFirst, select }),
    remove: (userId: number, id: number) => tx.wordpressConnection.deleteMany({ where: { id, userId } }),
    activate: (userId: number, id: number) =>
      tx.wordpressConnection.updateMany({ where: { id, userId }, data: { isActive: true } }),
  };
}
