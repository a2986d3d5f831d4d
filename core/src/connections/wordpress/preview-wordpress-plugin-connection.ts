// What the approval screen of the Postwright plugin's "Connect to Postwright" shows before the owner approves: the
// site asking (its addresses checked as the approval checks them, so a link the approval would refuse is refused
// here first, and Cancel never leaves for an address that was not checked), whether it is the same site connected
// again, and on a plan with one site the connected site it would turn off. A full plan with several sites is 403.
import type { WordpressConnectPreview, WordpressConnectPreviewResponse } from "../../contracts/wordpress-plugin.ts";
import { getEntitlements } from "../../billing/index.ts";
import type { Prisma } from "../../db/index.ts";
import { checkPluginSiteUrls } from "./check-plugin-site-urls.ts";
import { placeWordpressConnection } from "./place-wordpress-connection.ts";

export async function previewWordpressPluginConnection(
  deps: { prisma: Prisma; allowPrivateNetworkTargets: boolean; now?: () => Date },
  input: { userId: number; request: WordpressConnectPreview },
): Promise<WordpressConnectPreviewResponse> {
  const { userId, request } = input;
  const urls = checkPluginSiteUrls(deps, request);
  const { maxConnectionsPerPlatform: limit } = await getEntitlements({ prisma: deps.prisma }, userId, deps.now?.());
  const { target, replaces } = await placeWordpressConnection(deps.prisma, { userId, siteUrl: urls.siteUrl, limit });
  return {
    site: { siteUrl: urls.siteUrl, host: new URL(urls.siteUrl).host, returnUrl: urls.returnUrl },
    reconnects: target !== null,
    replaces: replaces
      ? { siteUrl: replaces.siteUrl, host: hostOf(replaces.siteUrl), siteName: replaces.siteName }
      : null,
  };
}

function hostOf(siteUrl: string): string {
  try {
    return new URL(siteUrl).host;
  } catch {
    return siteUrl;
  }
}
