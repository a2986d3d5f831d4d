// Runs a site indexer, as an instance does, until a site's index job has finished a read, then stops it: for tests
// of the site index's reads (full and changes) against the fakes and the real WordPress.
import { vi } from "vitest";
import { createSiteIndexer, type SiteIndexDeps } from "../../core/src/site-index/index.ts";

/** Runs the indexer until the job has finished a read after `after` (its updatedAt), and stops it. */
export async function runSiteIndexerUntilRead(
  deps: SiteIndexDeps,
  job: () => Promise<{ state: string; updatedAt: Date }>,
  after: Date,
): Promise<void> {
  const indexer = createSiteIndexer(deps, { instanceId: "test", intervalMs: 100 });
  indexer.start();
  try {
    await vi.waitFor(
      async () => {
        const row = await job();
        if (row.state !== "ready" || row.updatedAt <= after) throw new Error(`not read yet: ${row.state}`);
      },
      { timeout: 60_000, interval: 50 },
    );
  } finally {
    await indexer.stop();
  }
}
