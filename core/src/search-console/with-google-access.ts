// Calls Google with the access token of one site's Search Console connection: refreshed first when it expires within a
// minute, and once more if Google answers 401 to a token it gave (revoked early). When Google refuses the refresh
// token too (invalid_grant), that site's connection is marked "reconnect" with the reason, so the owner sees
// "Reconnect Search Console" instead of figures that silently stop.
import type { SearchConsoleConnection } from "../db/index.ts";
import { decryptSecret, encryptSecret } from "../security/index.ts";
import { GoogleAuthError, type GoogleClient } from "../google/google-client.ts";
import type { SearchConsoleDeps } from "./types.ts";

const EARLY_MS = 60_000;

export async function withGoogleAccess<T>(
  deps: Pick<SearchConsoleDeps, "prisma" | "encryptionKey" | "now">,
  google: GoogleClient,
  connection: SearchConsoleConnection,
  call: (accessToken: string) => Promise<T>,
): Promise<T> {
  const now = () => deps.now?.() ?? new Date();
  // This site's connection only: the owner's other sites keep their own tokens and state.
  const where = {
    id: connection.id,
    userId: connection.userId,
    platform: connection.platform,
    connectionId: connection.connectionId,
  };
  let refreshToken = connection.refreshToken;
  async function refreshed(): Promise<string> {
    const tokens = await google.refresh(decryptSecret(refreshToken, deps.encryptionKey));
    // Google may rotate the refresh token; the new one replaces the old.
    if (tokens.refreshToken) refreshToken = encryptSecret(tokens.refreshToken, deps.encryptionKey);
    await deps.prisma.searchConsoleConnection.updateMany({
      where,
      data: {
        accessToken: encryptSecret(tokens.accessToken, deps.encryptionKey),
        accessTokenExpiresAt: new Date(now().getTime() + tokens.expiresInSeconds * 1000),
        refreshToken,
      },
    });
    return tokens.accessToken;
  }
  try {
    const fresh = connection.accessTokenExpiresAt.getTime() - now().getTime() > EARLY_MS;
    const token = fresh ? decryptSecret(connection.accessToken, deps.encryptionKey) : await refreshed();
    try {
      return await call(token);
    } catch (error) {
      if (!(error instanceof GoogleAuthError) || !fresh) throw error;
      return await call(await refreshed());
    }
  } catch (error) {
    if (error instanceof GoogleAuthError) {
      await deps.prisma.searchConsoleConnection.updateMany({
        where,
        data: { state: "reconnect", lastError: error.message },
      });
    }
    throw error;
  }
}
