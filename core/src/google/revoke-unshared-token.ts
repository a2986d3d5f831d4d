// Revokes a member's Search Console access at Google once their last Search Console connection is gone. Google revokes
// a whole grant (the Google account's consent to this client), not one token: revoking the token of one site's
// connection would also end another site's connected with the same Google account, which Postwright cannot tell
// apart. So while any of the member's sites keeps a connection, a removed one's token is only forgotten here.
// Best effort: a token Google cannot be reached to revoke is logged and left to expire.
import type { Prisma } from "../db/index.ts";
import type { GoogleConfig } from "../env.ts";
import type { Logger } from "../logger.ts";
import { decryptSecret } from "../security/index.ts";
import { createGoogleClient, type FetchLike } from "./google-client.ts";

export interface RevokeTokenDeps {
  prisma: Prisma;
  encryptionKey: Buffer;
  /** This server's Google OAuth client; undefined when it has none (nothing can be revoked then). */
  google?: GoogleConfig | undefined;
  fetch?: FetchLike;
  logger?: Logger;
}

/** The stored (encrypted) token in clear, or undefined when it cannot be read (another key). */
function opened(stored: string, encryptionKey: Buffer): string | undefined {
  try {
    return decryptSecret(stored, encryptionKey);
  } catch {
    return undefined;
  }
}

/**
 * Revokes `refreshToken` (encrypted as stored) when the member has no Search Console connection left; true when it
 * was revoked. Call it once the connection it belonged to is removed.
 */
export async function revokeUnsharedToken(
  deps: RevokeTokenDeps,
  input: { userId: number; refreshToken: string },
): Promise<boolean> {
  if (!deps.google) return false;
  const token = opened(input.refreshToken, deps.encryptionKey);
  if (!token) return false;
  if ((await deps.prisma.searchConsoleConnection.count({ where: { userId: input.userId } })) > 0) return false;
  const google = createGoogleClient({ ...deps.google, fetch: deps.fetch });
  const revoked = await google.revoke(token);
  if (!revoked) deps.logger?.warn({ userId: input.userId }, "Search Console's token could not be revoked at Google");
  return revoked;
}
