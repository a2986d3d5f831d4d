// Disconnecting Search Console from one of the member's sites: that site's connection is deleted with its figures and
// reading job (the posts' opportunity is computed again without them). The member's other sites keep their
// connections; Google's access is revoked only with the member's last connection (revoke-unshared-token.ts: Google
// revokes a whole grant, which another site's connection may share). Revocation is best effort: the connection is
// removed here even if Google cannot be reached.
import type { SearchConsoleStatus } from "../contracts/search-console.ts";
import { revokeUnsharedToken } from "../google/revoke-unshared-token.ts";
import { clearSearchFigures } from "./clear-search-figures.ts";
import { findSearchConsoleConnection } from "./find-search-console-connection.ts";
import type { SearchConsoleDeps, SearchConsoleSiteInput } from "./types.ts";

export async function disconnectSearchConsole(
  deps: SearchConsoleDeps,
  input: SearchConsoleSiteInput,
): Promise<SearchConsoleStatus> {
  const { prisma } = deps;
  const found = await findSearchConsoleConnection(prisma, input);
  if (found?.connection) {
    const { key, connection } = found;
    await prisma.searchConsoleConnection.deleteMany({ where: { id: connection.id, ...key } });
    await prisma.searchConsoleJob.deleteMany({ where: key });
    await clearSearchFigures(prisma, key, deps.now?.() ?? new Date());
    await revokeUnsharedToken(deps, { userId: key.userId, refreshToken: connection.refreshToken });
  }
  return { configured: Boolean(deps.google), connection: null };
}
