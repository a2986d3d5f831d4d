// Revokes a member's Search Console refresh token at Google (its access tokens go along) once no other of the
// member's Search Console connections still holds it: each of the member's sites has a connection of its own, and
// one token may serve several. Best effort: a token Google cannot be reached to revoke is logged and left to expire.
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
 * Revokes `refreshToken` (encrypted as stored) unless one of the member's Search Console connections still holds it;
 * true when it was revoked. Call it once the connection it belonged to is removed or holds another token.
 */
export async function revokeUnsharedToken(
  deps: RevokeTokenDeps,
  input: { userId: number; refreshToken: string },
): Promise<boolean> {
  if (!deps.google) return false;
  const token = opened(input.refreshToken, deps.encryptionKey);
  if (!token) return false;
  const others = await deps.prisma.searchConsoleConnection.findMany({
    where: { userId: input.userId },
    select: { refreshToken: true },
  });
  if (others.some((other) => opened(other.refreshToken, deps.encryptionKey) === token)) return false;
  const google = createGoogleClient({ ...deps.google, fetch: deps.fetch });
  const revoked = await google.revoke(token);
  if (!revoked) deps.logger?.warn({ userId: input.userId }, "Search Console's token could not be revoked at Google");
  return revoked;
}
