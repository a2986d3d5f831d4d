// What the scheduler and the Publish button need, wired to the user's connections and to billing: targets come from
// resolvePublishTarget, the Publish button first checks the platform is connected (so a click without a connection
// leaves the post as it was), and each first publication of a post on a platform counts in the month's usage. The
// scheduler watches the connection tables' changes (watchChanges) so that it reads each connection once, not per claim.
import { createPublicationCounter } from "../billing/index.ts";
import type { Platform } from "../contracts/blog.ts";
import type { Database } from "../db/index.ts";
import type { PublishingDeps } from "../scheduling/index.ts";
import { assertPlatformsConnected } from "./assert-platforms-connected.ts";
import { resolvePublishTarget } from "./resolve-publish-target.ts";
import type { ConnectionDeps } from "./types.ts";

export interface AppPublishingDeps extends PublishingDeps {
  assertCanPublish(userId: number, platform: Platform): Promise<void>;
  /** Keeps the connections in use in memory, in step with every instance's changes, until the returned function is
   * called (the scheduler calls it in start() and stops it in stop()); without it they are read on each claim. */
  watchChanges(): Promise<() => Promise<void>>;
}

export function createPublishingDeps(connections: ConnectionDeps, db: Database): AppPublishingDeps {
  // Publications that finish together are counted together (one statement for many).
  const countPublication = createPublicationCounter({ prisma: db.prisma });
  return {
    db,
    logger: connections.logger,
    resolveTarget: ({ userId, platform, connectionId, blogId }) =>
      resolvePublishTarget(connections, { userId, platform, connectionId, blogId }),
    onPublished: async (userId, publication) => {
      if (!publication.republished) await countPublication(userId);
    },
    assertCanPublish: (userId, platform) => assertPlatformsConnected(connections, userId, [platform]),
    watchChanges: async () => (connections.connectionRows ? connections.connectionRows.watch(db) : async () => undefined),
  };
}
