import type { WordpressConnectionView } from "../contracts/connections.ts";
import { toWordpressConnectionView } from "./connection-views.ts";
import { findCurrentWordpressConnection } from "./current-connections.ts";
import type { ConnectionDeps } from "./types.ts";

/** The site the user publishes to (the dashboard's WordPress form), or null when none is connected. */
export async function getWordpressConnection(
  deps: Pick<ConnectionDeps, "prisma">,
  input: { userId: number },
): Promise<WordpressConnectionView | null> {
  const row = await findCurrentWordpressConnection(deps.prisma, input.userId);
  return row ? toWordpressConnectionView(row) : null;
}
