// The claim behind the Publish button: takes the (post, platform) publication, creating it if the post was never
// published there, unless another worker holds a live lease on it. One INSERT ... ON CONFLICT DO UPDATE ... WHERE
// statement, so a click racing the scheduler (or a second click) cannot both win: the loser gets nothing back.
import type { Platform } from "../contracts/blog.ts";
import type { Database } from "../db/index.ts";
import { readClaimedPublications } from "./read-claimed-publications.ts";
import type { ClaimedPublication } from "./types.ts";

const claimSql = `
INSERT INTO "post_publications"
  ("postId", "userId", "platform", "status", "dueAt", "attempts", "leaseOwner", "leaseUntil", "createdAt", "updatedAt")
VALUES ($1, $2, $3, 'publishing', ($4::timestamptz AT TIME ZONE 'UTC'), 1, $5, ($6::timestamptz AT TIME ZONE 'UTC'),
        ($4::timestamptz AT TIME ZONE 'UTC'), ($4::timestamptz AT TIME ZONE 'UTC'))
ON CONFLICT ("postId", "platform") DO UPDATE
SET "status" = 'publishing',
    "dueAt" = EXCLUDED."dueAt",
    "attempts" = 1,
    "leaseOwner" = EXCLUDED."leaseOwner",
    "leaseUntil" = EXCLUDED."leaseUntil",
    "lastError" = NULL,
    "updatedAt" = EXCLUDED."updatedAt"
WHERE "post_publications"."status" <> 'publishing' OR "post_publications"."leaseUntil" < EXCLUDED."dueAt"
RETURNING id`;

export interface ClaimPublicationInput {
  postId: number;
  userId: number;
  platform: Platform;
  owner: string;
  now: Date;
  leaseMs: number;
}

/** Returns the claimed publication, or null when another worker is publishing it right now. */
export async function claimPublication(db: Database, input: ClaimPublicationInput): Promise<ClaimedPublication | null> {
  const leaseUntil = new Date(input.now.getTime() + input.leaseMs);
  const rows = await db.withSession((session) =>
    session.query<{ id: number }>(claimSql, [
      input.postId,
      input.userId,
      input.platform,
      input.now.toISOString(),
      input.owner,
      leaseUntil.toISOString(),
    ]),
  );
  const [claimed] = await readClaimedPublications(
    db,
    rows.map((r) => Number(r.id)),
    input.owner,
  );
  return claimed ?? null;
}
