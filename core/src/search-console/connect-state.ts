// The OAuth `state` of a Search Console connection: the member, the site it is for, the PKCE verifier and an expiry,
// encrypted and authenticated (AES-256-GCM with a key derived from ENCRYPTION_KEY for this use only). Opaque to the
// browser and to Google, so the verifier stays secret and nothing is stored before Google sends the browser back.
import { createHmac } from "node:crypto";
import { z } from "zod";
import { decryptSecret, encryptSecret } from "../security/index.ts";

export const CONNECT_STATE_TTL_MS = 15 * 60_000;

const stateSchema = z.object({
  userId: z.number().int().positive(),
  platform: z.enum(["shopify", "wordpress"]),
  connectionId: z.number().int().positive(),
  verifier: z.string().min(43).max(128),
  expiresAt: z.number(),
  /** Where the browser goes back to when the connect was started from the WordPress plugin (its admin page). */
  returnUrl: z.string().max(2048).optional(),
});
export type ConnectState = z.infer<typeof stateSchema>;

const stateKey = (encryptionKey: Buffer) =>
  createHmac("sha256", encryptionKey).update("postwright:search-console-state").digest();

export function sealConnectState(state: ConnectState, encryptionKey: Buffer): string {
  return encryptSecret(JSON.stringify(state), stateKey(encryptionKey));
}

/** The state, or undefined when it was changed, made with another key, or is not one. */
export function openConnectState(text: string | undefined, encryptionKey: Buffer): ConnectState | undefined {
  if (!text) return undefined;
  try {
    const parsed = stateSchema.safeParse(JSON.parse(decryptSecret(text, stateKey(encryptionKey))));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The member a connect state was made for, or undefined when it is not one of ours or has expired. Only tells a
 * surface where to send the browser back: completing the connection still checks that the signed-in member made it.
 */
export function connectStateUserId(
  text: string | undefined,
  encryptionKey: Buffer,
  now = new Date(),
): number | undefined {
  const state = openConnectState(text, encryptionKey);
  return state && state.expiresAt >= now.getTime() ? state.userId : undefined;
}

/**
 * The page to send the browser back to after Google's answer: the plugin's admin page a valid state names (checked to
 * be on the site's own origin when the connect started), else undefined (Your posts on Postwright's site).
 */
export function connectReturnUrl(text: string | undefined, encryptionKey: Buffer): string | undefined {
  return openConnectState(text, encryptionKey)?.returnUrl;
}
