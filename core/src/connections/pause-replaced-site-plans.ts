// A plan with one site connected another site (or store): the one it replaces is turned off, and its content plans
// stay with it, paused with the reason, instead of moving to the new site (a connect link or a pasted token can name
// any site). The owner resumes them after connecting that site again, or upgrades to keep both.
import type { PrismaNamespace } from "../db/index.ts";

type Client = Pick<PrismaNamespace.TransactionClient, "contentPlan">;
type Platform = "wordpress" | "shopify";

export function replacedSiteMessage(platform: Platform, url: string): string {
  const host = hostOf(url);
  return platform === "shopify"
    ? `Paused because ${host} is no longer your connected Shopify store (your plan connects one). Connect ${host} again to resume it, or upgrade to keep both stores.`
    : `Paused because ${host} is no longer your connected WordPress site (your plan connects one). Connect ${host} again to resume it, or upgrade to keep both sites.`;
}

export async function pauseReplacedSitePlans(
  client: Client,
  input: { userId: number; platform: Platform; replaced: { id: number; url: string } | null },
): Promise<void> {
  const { userId, platform, replaced } = input;
  if (!replaced) return;
  await client.contentPlan.updateMany({
    where: { userId, platform, connectionId: replaced.id, status: "active" },
    data: { status: "paused", pausedReason: replacedSiteMessage(platform, replaced.url) },
  });
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
