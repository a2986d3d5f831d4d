// The site a Search Console call is for (the plugin's own, or the member's site in question), and that site's own
// Search Console connection: each of the owner's sites has one of its own, found by the owner and the site together.
import type { Prisma, SearchConsoleConnection } from "../db/index.ts";
import type { SiteJobKey } from "../jobs/site-job.ts";
import { findMemberSite } from "./find-member-site.ts";
import type { SearchConsoleSiteInput } from "./types.ts";

/** The site in question as a key (owner, platform, connection), or null when the member has no site connected. */
export async function findSearchConsoleSite(
  prisma: Prisma,
  input: SearchConsoleSiteInput,
  options: { evenOff?: boolean } = {},
): Promise<SiteJobKey | null> {
  if (input.site) return { userId: input.userId, platform: input.site.platform, connectionId: input.site.connectionId };
  const site = await findMemberSite(prisma, input, options);
  return site ? { userId: input.userId, platform: site.platform, connectionId: site.connectionId } : null;
}

/**
 * The site in question and its Search Console connection (null when it has none), or null without a site; `evenOff`:
 * a member's site turned off on the service too, when none is on.
 */
export async function findSearchConsoleConnection(
  prisma: Prisma,
  input: SearchConsoleSiteInput,
  options: { evenOff?: boolean } = {},
): Promise<{ key: SiteJobKey; connection: SearchConsoleConnection | null } | null> {
  const key = await findSearchConsoleSite(prisma, input, options);
  if (!key) return null;
  const connection = await prisma.searchConsoleConnection.findFirst({ where: key });
  return { key, connection };
}
