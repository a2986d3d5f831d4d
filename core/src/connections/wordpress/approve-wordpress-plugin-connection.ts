// The site owner approved connecting their WordPress site through the Postwright plugin: a one-time code is issued
// for the plugin to exchange (exchangeConnectCode) and the browser is sent back to the plugin's page with it. The
// code is random, stored only as its SHA-256, bound to the account and the site's address, and expires after
// 10 minutes. The plan's connection limit is checked here already, so a full plan is told on the approval screen
// (previewWordpressPluginConnection tells it, and the site a one-site plan would turn off, before the owner approves).
import { randomBytes } from "node:crypto";
import type { WordpressConnectApproval, WordpressConnectApprovalResponse } from "../../contracts/wordpress-plugin.ts";
import { getEntitlements } from "../../billing/index.ts";
import type { Prisma } from "../../db/index.ts";
import { AppError } from "../../errors/index.ts";
import { checkPluginSiteUrls } from "./check-plugin-site-urls.ts";
import { lockUserConnections } from "../current-connections.ts";
import { hashSiteToken } from "./hash-site-token.ts";
import { placeWordpressConnection } from "./place-wordpress-connection.ts";
import { pruneConnectCodes } from "./prune-connect-codes.ts";

export const CONNECT_CODE_TTL_MS = 10 * 60_000;
/** Codes an account may hold unused at once (each approval makes one; a connection needs one). */
export const MAX_OPEN_CONNECT_CODES = 5;

export async function approveWordpressPluginConnection(
  deps: { prisma: Prisma; allowPrivateNetworkTargets: boolean; now?: () => Date },
  input: { userId: number; approval: WordpressConnectApproval },
): Promise<WordpressConnectApprovalResponse> {
  const { userId, approval } = input;
  const urls = checkPluginSiteUrls(deps, approval);
  const now = deps.now?.() ?? new Date();
  const { maxConnectionsPerPlatform: limit } = await getEntitlements({ prisma: deps.prisma }, userId, now);
  await placeWordpressConnection(deps.prisma, { userId, siteUrl: urls.siteUrl, limit });

  const code = `pwcode_${randomBytes(32).toString("base64url")}`;
  await deps.prisma.$transaction(async (tx) => {
    // One approval at a time per account: the codes that can no longer be used go, and a few unused ones at most stay.
    await lockUserConnections(tx, userId);
    await pruneConnectCodes({ prisma: tx, now: () => now }, { userId });
    if ((await tx.wordpressConnectCode.count({ where: { userId } })) >= MAX_OPEN_CONNECT_CODES) {
      throw new AppError(
        "RATE_LIMITED",
        `${MAX_OPEN_CONNECT_CODES} connections approved in the last 10 minutes are still waiting for their site. Finish one in WordPress, or try again in 10 minutes.`,
      );
    }
    await tx.wordpressConnectCode.create({
      data: {
        userId,
        codeHash: hashSiteToken(code),
        siteUrl: urls.siteUrl,
        restUrl: urls.restUrl,
        expiresAt: new Date(now.getTime() + CONNECT_CODE_TTL_MS),
      },
    });
  });
  return { redirectUrl: withQuery(urls.returnUrl, { postwright_code: code, state: approval.state }) };
}

/** The address with the parameters appended after its own query (returnUrl + "?" or "&" + ...). */
export function withQuery(address: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  const [beforeHash = address, hash] = address.split("#", 2);
  const joined = `${beforeHash}${beforeHash.includes("?") ? "&" : "?"}${query}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}
