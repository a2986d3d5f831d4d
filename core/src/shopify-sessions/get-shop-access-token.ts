// The shop's offline access token for background work (the scheduler, publishing). Offline tokens of new public apps
// expire (about an hour) and come with a refresh token: an expired or soon-expiring token is refreshed first, at
// Shopify's /admin/oauth/access_token, and the new pair is stored (encrypted) before it is used.
import { AppError, badRequest } from "../errors/index.ts";
import { createShopifySessionStore } from "./create-shopify-session-store.ts";
import { offlineSessionId, shopClock, type ShopTokenDeps } from "./types.ts";

/** Refresh this long before the token's expiry, so that it does not expire in the middle of a publication. */
const EXPIRY_MARGIN_MS = 60_000;

export const reinstallMessage = "Postwright has no access to this store any more. Open the app in Shopify admin again.";

interface TokenResponse {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  scope?: string;
}

export async function getShopAccessToken(deps: ShopTokenDeps, input: { shop: string }): Promise<string> {
  const store = createShopifySessionStore(deps);
  const session = await store.loadSession(offlineSessionId(input.shop));
  if (!session?.accessToken) throw badRequest(reinstallMessage);
  const now = shopClock(deps);
  if (!session.expires || session.expires.getTime() - EXPIRY_MARGIN_MS > now.getTime()) return session.accessToken;
  if (!session.refreshToken || (session.refreshTokenExpires && session.refreshTokenExpires <= now)) {
    throw badRequest(reinstallMessage);
  }
  const base = deps.shopifyApiBaseUrl ? deps.shopifyApiBaseUrl.replace("{shop}", input.shop) : `https://${input.shop}`;
  const response = await deps.fetch(`${base}/admin/oauth/access_token`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({
      client_id: deps.app.apiKey,
      client_secret: deps.app.apiSecret,
      grant_type: "refresh_token",
      refresh_token: session.refreshToken,
    }),
  });
  if (response.status === 400 || response.status === 401) throw badRequest(reinstallMessage);
  if (!response.ok) {
    throw new AppError("UNAVAILABLE", "Shopify could not be reached. Please try again in a moment.", {
      internal: `offline token refresh for ${input.shop} answered ${response.status}`,
    });
  }
  const body = (await response.json()) as TokenResponse;
  if (!body.access_token) throw badRequest(reinstallMessage);
  await store.storeSession({
    ...session,
    accessToken: body.access_token,
    scope: body.scope ?? session.scope,
    expires: body.expires_in ? new Date(now.getTime() + body.expires_in * 1000) : null,
    refreshToken: body.refresh_token ?? session.refreshToken,
    refreshTokenExpires: body.refresh_token_expires_in
      ? new Date(now.getTime() + body.refresh_token_expires_in * 1000)
      : session.refreshTokenExpires,
  });
  return body.access_token;
}
