// Where Google sends the browser back: checks the state (not expired; the member who started it, or, started by the
// plugin, the site it names, with no session needed) and claims it (each approval completes once), exchanges the code
// (with the PKCE verifier) for tokens, checks the read-only scope was granted, lists the account's properties, picks
// the one that covers the site (match-property.ts; none: the owner chooses), stores the tokens encrypted as the
// connection of the site the state names, and queues its first read. Each of the owner's sites has a connection of its
// own: connecting one leaves the others and their figures alone; connecting the same site again replaces its own
// connection only (its old token forgotten, not revoked: Google revokes a whole grant, which the new token may share).
import { SEARCH_CONSOLE_SCOPE, type SearchConsoleCallback } from "../contracts/search-console.ts";
import { badRequest } from "../errors/index.ts";
import { enqueueSearchConsole } from "../jobs/site-queues.ts";
import { decryptSecret, encryptSecret } from "../security/index.ts";
import { clearSearchFigures } from "./clear-search-figures.ts";
import { claimConnectState, openConnectState } from "./connect-state.ts";
import { findSiteConnection } from "../site-index/site-connection.ts";
import { googleClientOf } from "./google-client-of.ts";
import { GoogleAuthError } from "../google/google-client.ts";
import { matchProperty } from "./match-property.ts";
import { redirectUriOf, type SearchConsoleDeps } from "./types.ts";

export const STATE_REFUSED =
  "This Google approval has expired or was started from another account. Choose Connect Search Console again.";

export const CODE_REFUSED =
  "This Google approval was already used or has expired. Choose Connect Search Console again.";

export async function completeSearchConsoleConnect(
  deps: SearchConsoleDeps,
  input: {
    /**
     * The signed-in member, who must be the one who started a member-bound connect. A state the plugin started is
     * bound to its site and its account instead: completed without a member (and whoever is signed in).
     */
    userId?: number;
    callback: SearchConsoleCallback;
  },
): Promise<{ property: string | null }> {
  const google = googleClientOf(deps);
  const { prisma, encryptionKey } = deps;
  const now = deps.now?.() ?? new Date();
  const state = openConnectState(input.callback.state, encryptionKey);
  if (!state || state.expiresAt < now.getTime()) throw badRequest(STATE_REFUSED);
  if (state.bound === "member" && state.userId !== input.userId) throw badRequest(STATE_REFUSED);
  const userId = state.userId;
  if (!(await claimConnectState(prisma, state))) throw badRequest(CODE_REFUSED);
  if (input.callback.error) {
    throw badRequest("You did not give Postwright access to Search Console, so nothing was connected.");
  }
  if (!input.callback.code) throw badRequest("Google sent back an answer Postwright cannot read. Nothing was saved.");
  // The very site the state names (the plugin's, or the member's site when the connect started), while it is connected
  // and in use.
  const found = await findSiteConnection(prisma, {
    userId,
    platform: state.platform,
    connectionId: state.connectionId,
  });
  const site = found?.connection.isActive
    ? {
        platform: found.platform,
        connectionId: found.connection.id,
        siteUrl: found.platform === "wordpress" ? found.connection.siteUrl : found.connection.storeUrl,
      }
    : null;
  if (!site) {
    throw badRequest("The site you connected Search Console for is no longer connected. Nothing was saved.");
  }
  const tokens = await google
    .exchangeCode({
      code: input.callback.code,
      redirectUri: redirectUriOf(deps.publicUrl),
      codeVerifier: state.verifier,
    })
    .catch((error: unknown) => {
      // invalid_grant here: the code was used already or expired (Google's live ten minutes).
      if (error instanceof GoogleAuthError) throw badRequest(CODE_REFUSED, { cause: error });
      throw error;
    });
  if (!tokens.scope.split(" ").includes(SEARCH_CONSOLE_SCOPE)) {
    await google.revoke(tokens.refreshToken ?? tokens.accessToken);
    throw badRequest(
      "Google did not give access to Search Console (the box was left unticked). Choose Connect Search Console again and allow it.",
    );
  }
  const key = { userId, platform: site.platform, connectionId: site.connectionId };
  // This site's own connection from before (connecting it again), never another site's.
  const earlier = await prisma.searchConsoleConnection.findFirst({ where: key });
  const refreshToken =
    tokens.refreshToken ?? (earlier ? decryptSecret(earlier.refreshToken, encryptionKey) : undefined);
  if (!refreshToken) {
    throw badRequest("Google did not give lasting access. Choose Connect Search Console again.");
  }
  const properties = await google.listSites(tokens.accessToken);
  const property = matchProperty(site.siteUrl, properties);
  const data = {
    accessToken: encryptSecret(tokens.accessToken, encryptionKey),
    refreshToken: encryptSecret(refreshToken, encryptionKey),
    accessTokenExpiresAt: new Date(now.getTime() + tokens.expiresInSeconds * 1000),
    scope: tokens.scope,
    properties,
    propertyUrl: property,
    state: "connected",
    lastError: null,
  };
  if (earlier) {
    await prisma.searchConsoleConnection.updateMany({ where: { id: earlier.id, ...key }, data });
    if (earlier.propertyUrl !== property) await clearSearchFigures(prisma, key, now);
    // Its old token is forgotten, not revoked: Google revokes a whole grant, which the new token may belong to.
  } else {
    await prisma.searchConsoleConnection.upsert({
      where: { platform_connectionId: { platform: key.platform, connectionId: key.connectionId } },
      create: { ...key, ...data },
      update: data,
    });
  }
  if (property) await enqueueSearchConsole({ prisma, now: deps.now }, key);
  return { property };
}
