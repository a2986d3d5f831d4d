// Where a newly connected WordPress site goes within the plan's limit (maxConnectionsPerPlatform): the site already
// saved under the same address is updated; any other site gets a connection of its own. A plan with several sites
// adds one up to its limit; on a plan with one site the saved site is turned off instead (the caller turns off the
// others), and keeps its content plans (paused, see pauseReplacedSitePlans) and its queued publications: nothing
// moves to the new site. Shared by the pasted or authorised application password and the Postwright plugin, so a site
// counts the same whichever way it was connected.
import type { PrismaNamespace, WordpressConnection } from "../../db/index.ts";
import { forbidden } from "../../errors/index.ts";
import { normalizeSiteUrl } from "../../publishing/wordpress/index.ts";
import { currentFirst } from "../current-connections.ts";

type Client = Pick<PrismaNamespace.TransactionClient, "wordpressConnection">;

export interface WordpressPlacement {
  /** The saved connection of the same site, updated in place; null when the site gets a new connection. */
  target: WordpressConnection | null;
  /** On a plan with one site, the site in use that the new one turns off (null when none or when it is the same). */
  replaces: WordpressConnection | null;
}

/** Where the site goes; FORBIDDEN when a plan with several sites is full. */
export async function placeWordpressConnection(
  client: Client,
  input: { userId: number; siteUrl: string; limit: number },
): Promise<WordpressPlacement> {
  const { userId, siteUrl, limit } = input;
  const existing = await client.wordpressConnection.findMany({ where: { userId }, orderBy: currentFirst });
  const same = existing.find((c) => sameSite(c.siteUrl, siteUrl));
  if (same) return { target: same, replaces: null };
  if (limit <= 1) return { target: null, replaces: existing.find((c) => c.isActive) ?? null };
  if (existing.length < limit) return { target: null, replaces: null };
  throw forbidden(`Your plan connects up to ${limit} WordPress sites. Disconnect one before connecting another.`);
}

function sameSite(stored: string, siteUrl: string): boolean {
  try {
    return normalizeSiteUrl(stored) === siteUrl;
  } catch {
    return false;
  }
}
