// Disconnects a site connected through the Postwright plugin, from the plugin (DELETE /api/v1/site) or from the
// dashboard: its connection is removed with its credential, so the plugin's next call is told the site is no longer
// connected. Another saved site takes its place as the one in use (deleteConnection).
import type { Prisma } from "../../db/index.ts";
import { notFound } from "../../errors/index.ts";
import { deleteConnection } from "../delete-connection.ts";
import type { ConnectionDeps } from "../types.ts";

export async function revokeSiteCredential(
  deps: Pick<ConnectionDeps, "encryptionKey" | "logger" | "connectionRows" | "google"> & { prisma: Prisma },
  input: { userId: number; siteId: string },
): Promise<void> {
  const credential = await deps.prisma.wordpressSiteCredential.findFirst({
    where: { id: input.siteId, userId: input.userId },
    select: { connectionId: true },
  });
  if (!credential) throw notFound("This site is not connected through the Postwright plugin.");
  await deleteConnection(deps, { userId: input.userId, platform: "wordpress", connectionId: credential.connectionId });
}
