// "Connect Search Console": the address of Google's consent screen for the member's site, asking for read-only
// access to Search Console (webmasters.readonly) with a refresh token (access_type=offline, prompt=consent), PKCE
// (S256) and an opaque state for the site (connect-state.ts): bound to the member's session, or, started by the plugin
// with its site's credential, to that site. Nothing is stored until Google sends the browser back.
import { createHash, randomBytes } from "node:crypto";
import { SEARCH_CONSOLE_SCOPE } from "../contracts/search-console.ts";
import { AppError, badRequest } from "../errors/index.ts";
import { findSiteConnection } from "../site-index/site-connection.ts";
import { CONNECT_STATE_TTL_MS, connectStateNonce, sealConnectState } from "./connect-state.ts";
import { findMemberSite, type MemberSite } from "./find-member-site.ts";
import { googleClientOf } from "./google-client-of.ts";
import { redirectUriOf, type SearchConsoleDeps, type SearchConsoleScope } from "./types.ts";

export const NO_SITE =
  "Connect your Shopify store or WordPress site first: Search Console's figures are shown for its posts.";

export async function startSearchConsoleConnect(
  deps: SearchConsoleDeps,
  input: {
    userId: number;
    platform?: "shopify" | "wordpress";
    /**
     * The plugin's own site (its credential reaches no other), instead of the member's current one: the state is then
     * bound to that site, and Google's answer completes the connection without a Postwright session in the browser.
     */
    site?: SearchConsoleScope;
    /** The plugin's admin page, where the browser goes back after Google's answer: on the site's own origin. */
    returnUrl?: string;
  },
): Promise<{ authorizeUrl: string }> {
  const google = googleClientOf(deps);
  const site = input.site ? await scopedSite(deps, input.userId, input.site) : await findMemberSite(deps.prisma, input);
  if (!site) throw new AppError("CONFLICT", NO_SITE);
  if (input.returnUrl !== undefined && !sameOrigin(input.returnUrl, site.siteUrl)) {
    throw badRequest("The page to come back to must be on your site's own address.");
  }
  const verifier = randomBytes(48).toString("base64url");
  const now = (deps.now?.() ?? new Date()).getTime();
  const state = sealConnectState(
    {
      bound: input.site ? "site" : "member",
      nonce: connectStateNonce(),
      userId: input.userId,
      platform: site.platform,
      connectionId: site.connectionId,
      verifier,
      expiresAt: now + CONNECT_STATE_TTL_MS,
      ...(input.returnUrl !== undefined ? { returnUrl: input.returnUrl } : {}),
    },
    deps.encryptionKey,
  );
  const url = new URL(google.endpoints.authorize);
  url.searchParams.set("client_id", deps.google!.clientId);
  url.searchParams.set("redirect_uri", redirectUriOf(deps.publicUrl));
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", SEARCH_CONSOLE_SCOPE);
  url.searchParams.set("access_type", "offline");
  url.searchParams.set("prompt", "consent");
  url.searchParams.set("include_granted_scopes", "false");
  url.searchParams.set("state", state);
  url.searchParams.set("code_challenge", createHash("sha256").update(verifier).digest("base64url"));
  url.searchParams.set("code_challenge_method", "S256");
  return { authorizeUrl: url.toString() };
}

/** The site in scope, while it is connected and in use. */
async function scopedSite(
  deps: SearchConsoleDeps,
  userId: number,
  scope: SearchConsoleScope,
): Promise<MemberSite | null> {
  const site = await findSiteConnection(deps.prisma, { userId, ...scope });
  if (!site?.connection.isActive) return null;
  const siteUrl = site.platform === "wordpress" ? site.connection.siteUrl : site.connection.storeUrl;
  return { platform: site.platform, connectionId: site.connection.id, siteUrl };
}

/** An http(s) address on the same origin as the site's address (scheme, host and port). */
function sameOrigin(address: string, siteUrl: string): boolean {
  try {
    const url = new URL(address);
    return /^https?:$/.test(url.protocol) && url.origin === new URL(siteUrl).origin;
  } catch {
    return false;
  }
}
