// Group commit for publication usage (createGroupCommit): publications counted while a count is being written are
// written together in the next one (countPublications: one statement for many), instead of one statement each. A
// batch that fails is retried one publication at a time, so one bad row (a user deleted meanwhile) cannot lose the
// others' counts; a publication whose count still fails rejects, as recordPublication would.
import type { Prisma } from "../db/client.ts";
import { createGroupCommit } from "../db/group-commit.ts";
import { countPublications } from "./generation-quota.ts";

/** Counts one publication of the user at `at` (default now) in that month's usage; resolves once it is written. */
export type PublicationCounter = (userId: number, at?: Date) => Promise<void>;

/** Most publications counted in one statement. */
const maxBatch = 500;

export function createPublicationCounter(deps: { prisma: Prisma }): PublicationCounter {
  const count = createGroupCommit<{ userId: number; at: Date }, void>(async (publications) => {
    await countPublications(deps, publications);
    return publications.map(() => undefined);
  }, maxBatch);
  return (userId, at = new Date()) => count({ userId, at });
}
