// Connecting a WordPress site without the plugin through WordPress's own "Authorize Application" screen
// (wp-admin/authorize-application.php, WordPress 5.6+), instead of pasting an application password:
//
// 1. startWordpressAuthorization gives the address of that screen on the user's site, with this service's name, a
//    fixed app id, and success/reject addresses that carry a signed `state` (the user, the site's address and name,
//    an expiry): nothing is stored until the person approves.
// 2. The person approves in WordPress, which creates an application password and sends the browser to the success
//    address with `site_url`, `user_login` and `password` (or to the reject address with `success=false`).
// 3. completeWordpressAuthorization checks the state (signature, expiry, the same signed-in user), that `site_url` is
//    the site the user started with, then saves the connection as a pasted password would be saved (checked against
//    the site, stored encrypted).
//
// WordPress only offers the screen over HTTPS (or on a site whose environment type is "local"), and this service
// only starts it for an https site unless the operator allows private network targets (development and tests).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type {
  WordpressAuthorizationCallback,
  WordpressAuthorizationStart,
  WordpressConnectionView,
} from "../../contracts/connections.ts";
import { badRequest } from "../../errors/index.ts";
import { normalizeSiteUrl } from "../../publishing/wordpress/index.ts";
import { saveWordpressConnection } from "./save-wordpress-connection.ts";
import type { ConnectionDeps } from "../types.ts";

/** The name WordPress shows on its approval screen and in the user's list of application passwords. */
export const WORDPRESS_APP_NAME = "Postwright";
/** A fixed UUID, so WordPress knows every password it creates for this service as one application. */
export const WORDPRESS_APP_ID = "6f0f3d0e-5b1c-4a57-9d0e-2f4b8c1a7e31";
/** How long the person has to approve in WordPress. */
export const WORDPRESS_AUTHORIZATION_TTL_MS = 15 * 60_000;
/** The service's route WordPress sends the browser back to (both on approval and on rejection). */
export const WORDPRESS_AUTHORIZATION_CALLBACK_PATH = "/api/wordpress/authorize/callback";

export interface WordpressAuthorizationDeps {
  /** Signs the state (a key derived from it, used for nothing else). */
  encryptionKey: Buffer;
  /** This service's public address (APP_URL), where WordPress sends the browser back. */
  publicUrl: string;
  /** Allows a plain-http site (development and tests), as for every other request to a site. */
  allowPrivateNetworkTargets: boolean;
  now?: () => Date;
}

const stateSchema = z.object({
  userId: z.number().int().positive(),
  siteUrl: z.string(),
  siteName: z.string(),
  expiresAt: z.number(),
  nonce: z.string(),
});
type AuthorizationState = z.infer<typeof stateSchema>;

const expiredOrForeign =
  "This WordPress approval has expired or was started from another account. Choose Connect with WordPress again.";

function stateKey(encryptionKey: Buffer): Buffer {
  return createHmac("sha256", encryptionKey).update("postwright:wordpress-authorize-state").digest();
}

function sign(payload: string, encryptionKey: Buffer): string {
  return createHmac("sha256", stateKey(encryptionKey)).update(payload).digest("base64url");
}

function encodeState(state: AuthorizationState, encryptionKey: Buffer): string {
  const payload = Buffer.from(JSON.stringify(state)).toString("base64url");
  return `${payload}.${sign(payload, encryptionKey)}`;
}

function decodeState(token: string | undefined, encryptionKey: Buffer): AuthorizationState | undefined {
  const [payload, signature, extra] = (token ?? "").split(".");
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(payload, encryptionKey));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const parsed = stateSchema.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function originOf(address: string): string | undefined {
  try {
    return new URL(address).origin;
  } catch {
    return undefined;
  }
}

/** The address of the site's Authorize Application screen for this user and site. */
export function startWordpressAuthorization(
  deps: WordpressAuthorizationDeps,
  input: { userId: number; site: WordpressAuthorizationStart },
): { authorizeUrl: string } {
  const siteUrl = normalizeSiteUrl(input.site.siteUrl);
  if (!siteUrl.startsWith("https://") && !deps.allowPrivateNetworkTargets) {
    throw badRequest(
      "Connect with WordPress needs a site served over HTTPS. Use an https:// address, or paste an application password instead.",
    );
  }
  const now = (deps.now ?? (() => new Date()))().getTime();
  const state = encodeState(
    {
      userId: input.userId,
      siteUrl,
      siteName: input.site.siteName.trim(),
      expiresAt: now + WORDPRESS_AUTHORIZATION_TTL_MS,
      nonce: randomBytes(12).toString("base64url"),
    },
    deps.encryptionKey,
  );
  const callback = new URL(WORDPRESS_AUTHORIZATION_CALLBACK_PATH, `${deps.publicUrl.replace(/\/+$/, "")}/`);
  callback.searchParams.set("state", state);
  const authorize = new URL(`${siteUrl}/wp-admin/authorize-application.php`);
  authorize.searchParams.set("app_name", WORDPRESS_APP_NAME);
  authorize.searchParams.set("app_id", WORDPRESS_APP_ID);
  authorize.searchParams.set("success_url", callback.toString());
  authorize.searchParams.set("reject_url", callback.toString());
  return { authorizeUrl: authorize.toString() };
}

/**
 * Checks what WordPress sent back and saves the connection. Throws a 400 AppError with a message for the person when
 * the state is not valid for this user, the person rejected the request, or WordPress answered for another site.
 */
export async function completeWordpressAuthorization(
  deps: ConnectionDeps & Pick<WordpressAuthorizationDeps, "now">,
  input: { userId: number; callback: WordpressAuthorizationCallback },
): Promise<WordpressConnectionView> {
  const { callback } = input;
  const state = decodeState(callback.state, deps.encryptionKey);
  const now = (deps.now ?? (() => new Date()))().getTime();
  if (!state || state.userId !== input.userId || state.expiresAt < now) throw badRequest(expiredOrForeign);
  if (callback.success === "false" || !callback.password) {
    throw badRequest("WordPress did not give Postwright access: the request was rejected. Nothing was saved.");
  }
  if (!callback.user_login || originOf(callback.site_url ?? "") !== originOf(state.siteUrl)) {
    throw badRequest("WordPress answered for a different site than the one you chose. Nothing was saved.");
  }
  return saveWordpressConnection(deps, {
    userId: input.userId,
    connection: {
      siteName: state.siteName,
      siteUrl: state.siteUrl,
      username: callback.user_login,
      applicationPassword: callback.password,
      isActive: true,
    },
  });
}
