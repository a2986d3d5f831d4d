// The bounded wait of a generation started right after a site was connected: while one of the owner's sites is
// being read for the first time (queued or reading, never indexed before), wait for it to be ready, at most
// `timeoutMs`, then go on with the pages indexed so far (a first index is stored page by page as it is read). A site
// already indexed, or whose read failed, is never waited for.
import type { Prisma } from "../db/index.ts";

/** How long a generation waits at most for a first index (see the README). */
export const FIRST_INDEX_WAIT_MS = 8_000;
const POLL_MS = 200;

/** "none" when no first index was being read, "ready" when they all finished in time, "timeout" at the bound. */
export async function waitForFirstSiteIndex(
  deps: { prisma: Prisma },
  input: { userId: number; timeoutMs?: number; signal?: AbortSignal },
): Promise<"none" | "ready" | "timeout"> {
  const deadline = Date.now() + (input.timeoutMs ?? FIRST_INDEX_WAIT_MS);
  const pending = () =>
    deps.prisma.siteIndexJob.count({
      where: { userId: input.userId, indexedAt: null, state: { in: ["queued", "reading"] } },
    });
  if ((await pending()) === 0) return "none";
  while (Date.now() < deadline) {
    input.signal?.throwIfAborted();
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(0, deadline - Date.now()))));
    if ((await pending()) === 0) return "ready";
  }
  return "timeout";
}
