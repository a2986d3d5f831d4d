// The OAuth `state` of a Search Console connection: the member, the site it is for, the PKCE verifier, an expiry and a
// nonce, encrypted and authenticated (AES-256-GCM with a key derived from ENCRYPTION_KEY for this use only). Opaque to
// the browser and to Google, so the verifier stays secret and nothing is stored before Google sends the browser back.
// What it is bound to:
// - "member": started by a signed-in member (the site, the Shopify app); only that member's session completes it.
// - "site": started by the WordPress plugin with its site's credential; it names that site and completes without a
//   Postwright session in the browser (a WordPress administrator has none), once: the nonce is claimed when it is used.
import { createHmac, randomBytes } from "node:crypto";
import { z } from "zod";
import type { Prisma } from "../db/index.ts";
import { decryptSecret, encryptSecret } from "../security/index.ts";

export const CONNECT_STATE_TTL_MS = 15 * 60_000;

const stateSchema = z.object({
  bound: z.enum(["member", "site"]),
  /** Claimed when the state is used (claimConnectState), so each Google approval completes once. */
  nonce: z.string().min(16).max(64),
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

/** A new nonce for a state. */
export const connectStateNonce = () => randomBytes(18).toString("base64url");

/** Whether a valid, unexpired state is bound to a member's session or to the plugin's site; undefined otherwise. */
export function connectStateBinding(
  text: string | undefined,
  encryptionKey: Buffer,
  now = new Date(),
): ConnectState["bound"] | undefined {
  const state = openConnectState(text, encryptionKey);
  return state && state.expiresAt >= now.getTime() ? state.bound : undefined;
}

/** Marks the state used: true the first time, false when it was used already (a replay, a reload of the callback). */
export async function claimConnectState(prisma: Prisma, state: ConnectState): Promise<boolean> {
  const claimed = await prisma.processedEvent.createMany({
    data: [{ id: `search-console-state:${state.nonce}`, provider: "google", type: "search_console_connect" }],
    skipDuplicates: true,
  });
  return claimed.count === 1;
}
