// The connected site a refresh reads or writes: the owner's connection the post came from, still in use, or a 404
// saying to connect it again before `toDo` ("publish", "restore", "refresh its posts").
import { AppError } from "../errors/index.ts";
import type { Prisma } from "../db/index.ts";
import { findSiteConnection, type SiteConnection } from "../site-index/site-connection.ts";

export async function findRefreshSite(
  prisma: Prisma,
  key: { userId: number; platform: string; connectionId: number },
  toDo: string,
): Promise<SiteConnection> {
  const site = await findSiteConnection(prisma, {
    userId: key.userId,
    platform: key.platform as "shopify" | "wordpress",
    connectionId: key.connectionId,
  });
  if (!site || !site.connection.isActive) {
    throw new AppError(
      "NOT_FOUND",
      `The site this post belongs to is no longer connected. Connect it again to ${toDo}.`,
    );
  }
  return site;
}
