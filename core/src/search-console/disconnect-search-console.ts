// Disconnecting Search Console: the tokens are revoked at Google (the refresh token takes its access tokens along)
// and deleted, with the figures read and the reading job; the posts' opportunity is computed again without them.
// Revocation is best effort: the connection is removed here even if Google cannot be reached.
import type { SearchConsoleStatus } from "../contracts/search-console.ts";
import { decryptSecret } from "../security/index.ts";
import { clearSearchFigures } from "./clear-search-figures.ts";
import { createGoogleClient } from "./google-client.ts";
import { forScope, type SearchConsoleDeps, type SearchConsoleScope } from "./types.ts";

export async function disconnectSearchConsole(
  deps: SearchConsoleDeps,
  input: { userId: number; site?: SearchConsoleScope },
): Promise<SearchConsoleStatus> {
  const { prisma } = deps;
  const connection = await prisma.searchConsoleConnection.findUnique({ where: { userId: input.userId } });
  // A connection made for another of the member's sites is not this caller's to remove.
  if (connection && forScope(connection, input.site)) {
    if (deps.google) {
      const google = createGoogleClient({ ...deps.google, fetch: deps.fetch });
      let token: string | undefined;
      try {
        token = decryptSecret(connection.refreshToken, deps.encryptionKey);
      } catch {
        token = undefined;
      }
      if (token && !(await google.revoke(token))) {
        deps.logger?.warn({ userId: input.userId }, "Search Console's token could not be revoked at Google");
      }
    }
    const key = {
      userId: input.userId,
      platform: connection.platform === "shopify" ? ("shopify" as const) : ("wordpress" as const),
      connectionId: connection.connectionId,
    };
    await prisma.searchConsoleConnection.deleteMany({ where: { id: connection.id, userId: input.userId } });
    await prisma.searchConsoleJob.deleteMany({ where: key });
    await clearSearchFigures(prisma, key, deps.now?.() ?? new Date());
  }
  return { configured: Boolean(deps.google), connection: null };
}
