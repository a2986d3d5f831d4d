// Where a newly connected WordPress site goes within the plan's limit (maxConnectionsPerPlatform): the site already
// saved under the same address is updated; otherwise a plan with one site replaces it, and a plan with several adds
// one up to its limit. Shared by the pasted or authorised application password and the Postwright plugin, so a site
// counts the same whichever way it was connected.
import type { PrismaNamespace, WordpressConnection } from "../db/index.ts";
import { forbidden } from "../errors/index.ts";
import { normalizeSiteUrl } from "../publishing/wordpress/index.ts";
import { currentFirst } from "./current-connections.ts";

type Client = Pick<PrismaNamespace.TransactionClient, "wordpressConnection">;

/** The saved connection the site replaces or updates, or null when it is added; FORBIDDEN when the plan is full. */
export async function placeWordpressConnection(
  client: Client,
  input: { userId: number; siteUrl: string; limit: number },
): Promise<WordpressConnection | null> {
  const { userId, siteUrl, limit } = input;
  const existing = await client.wordpressConnection.findMany({ where: { userId }, orderBy: currentFirst });
  const same = existing.find((c) => sameSite(c.siteUrl, siteUrl));
  if (same) return same;
  if (existing.length < limit) return null;
  if (limit > 1) {
    throw forbidden(`Your plan connects up to ${limit} WordPress sites. Disconnect one before connecting another.`);
  }
  return existing[0] ?? null;
}

function sameSite(stored: string, siteUrl: string): boolean {
  try {
    return normalizeSiteUrl(stored) === siteUrl;
  } catch {
    return false;
  }
}
