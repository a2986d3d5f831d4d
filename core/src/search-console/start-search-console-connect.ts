// "Connect Search Console": the address of Google's consent screen for the member's site, asking for read-only
// access to Search Console (webmasters.readonly) with a refresh token (access_type=offline, prompt=consent), PKCE
// (S256) and an opaque state bound to the member and the site (connect-state.ts). Nothing is stored until Google
// sends the browser back.
import { createHash, randomBytes } from "node:crypto";
import { SEARCH_CONSOLE_SCOPE } from "../contracts/search-console.ts";
import { AppError } from "../errors/index.ts";
import { CONNECT_STATE_TTL_MS, sealConnectState } from "./connect-state.ts";
import { findMemberSite } from "./find-member-site.ts";
import { googleClientOf } from "./google-client-of.ts";
import { redirectUriOf, type SearchConsoleDeps } from "./types.ts";

export const NO_SITE =
  "Connect your Shopify store or WordPress site first: Search Console's figures are shown for its posts.";

export async function startSearchConsoleConnect(
  deps: SearchConsoleDeps,
  input: { userId: number; platform?: "shopify" | "wordpress" },
): Promise<{ authorizeUrl: string }> {
  const google = googleClientOf(deps);
  const site = await findMemberSite(deps.prisma, input);
  if (!site) throw new AppError("CONFLICT", NO_SITE);
  const verifier = randomBytes(48).toString("base64url");
  const now = (deps.now?.() ?? new Date()).getTime();
  const state = sealConnectState(
    {
      userId: input.userId,
      platform: site.platform,
      connectionId: site.connectionId,
      verifier,
      expiresAt: now + CONNECT_STATE_TTL_MS,
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
