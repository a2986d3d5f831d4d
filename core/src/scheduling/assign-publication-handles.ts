// Fixes the handle each publication goes out under the first time it is claimed. The targets find an article that an
// interrupted attempt created (its id never recorded) by this handle; deriving it from the title at every attempt
// would miss that article if the title was edited between the crash and the retry. One statement for a whole claim,
// guarded by the claim's token: a row whose lease was taken over meanwhile keeps what its new holder wrote.
import type { Database } from "../db/index.ts";
import { createPostHandle } from "./create-post-handle.ts";
import type { ClaimedPublication } from "./types.ts";

const assignSql = `
UPDATE "post_publications" AS p
SET "handle" = v.handle
FROM jsonb_to_recordset($1::jsonb) AS v(id integer, handle text)
WHERE p.id = v.id AND p."leaseOwner" = $2 AND p."handle" IS NULL
RETURNING p.id`;

export async function assignPublicationHandles(
  db: Database,
  claimed: ClaimedPublication[],
  owner: string,
): Promise<ClaimedPublication[]> {
  const missing = claimed
    .filter((row) => row.handle === null)
    .map((row) => ({ id: row.id, handle: createPostHandle(row.post) }));
  if (!missing.length) return claimed;
  await db.withSession((session) => session.query(assignSql, [JSON.stringify(missing), owner]));
  const assigned = new Map(missing.map((m) => [m.id, m.handle]));
  return claimed.map((row) => (row.handle === null ? { ...row, handle: assigned.get(row.id) ?? null } : row));
}
