// A plan with one WordPress site connected another site: the site it replaces is turned off, and its content plans
// stay with it, paused with the reason, instead of moving to the new site (a connect link can name any site). The
// owner resumes them after connecting that site again, or upgrades to keep both.
import type { PrismaNamespace, WordpressConnection } from "../db/index.ts";

type Client = Pick<PrismaNamespace.TransactionClient, "contentPlan">;

export function replacedSiteMessage(replaced: Pick<WordpressConnection, "siteUrl">): string {
  const host = hostOf(replaced.siteUrl);
  return `Paused because ${host} is no longer your connected WordPress site (your plan connects one). Connect ${host} again to resume it, or upgrade to keep both sites.`;
}

export async function pauseReplacedSitePlans(
  client: Client,
  input: { userId: number; replaced: WordpressConnection | null },
): Promise<void> {
  const { userId, replaced } = input;
  if (!replaced) return;
  await client.contentPlan.updateMany({
    where: { userId, platform: "wordpress", connectionId: replaced.id, status: "active" },
    data: { status: "paused", pausedReason: replacedSiteMessage(replaced) },
  });
}

function hostOf(siteUrl: string): string {
  try {
    return new URL(siteUrl).host;
  } catch {
    return siteUrl;
  }
}
