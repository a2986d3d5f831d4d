// Records the outcomes of publications, several at once, and re-derives their posts' status, in one transaction:
//   1. the posts are locked (in id order, so two batches sharing posts never deadlock), so two platforms of one post
//      finishing at once, here or in another instance, see each other's result;
//   2. one statement writes every outcome whose lease the worker still holds (leaseOwner is the claim's token) and
//      reads all publications of those posts, from a snapshot taken after the locks;
//   3. one statement writes each post's derived status (derivePostState) and the article id it mirrors.
// A publication whose lease was taken over (or whose post was deleted) is left as its new holder wrote it: its result
// is null. The statements are raw SQL through Prisma, the same on PostgreSQL and PGlite; times are passed as UTC ISO
// strings because the columns are timestamps without time zone holding UTC (as Prisma writes them).
import type { Platform } from "../contracts/blog.ts";
import type { Database, PostPublication } from "../db/index.ts";
import { derivePostState } from "./derive-post-state.ts";

export type OutcomeUpdate =
  | { status: "published"; remoteId: string; remoteUrl: string | null }
  /** A transient failure: waits for another attempt at retryAt. */
  | { status: "pending"; retryAt: Date; lastError: string }
  | { status: "failed"; lastError: string }
  /** Kept back for the owner's review (the store's facts changed); lastError says why. */
  | { status: "held"; lastError: string };

export interface OutcomeToRecord {
  publicationId: number;
  postId: number;
  platform: Platform;
  /** The claim's token: the outcome is written only while the row is still leased to it. */
  leaseOwner: string;
  update: OutcomeUpdate;
  at: Date;
}

const lockPostsSql = `
SELECT "id", "status" FROM "custom_blog_posts"
WHERE "id" IN (SELECT value::int FROM jsonb_array_elements_text($1::jsonb))
ORDER BY "id"
FOR NO KEY UPDATE`;

const writeOutcomesSql = `
WITH v AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS v(
    id integer, "leaseOwner" text, status text, "dueAt" text, "remoteId" text, "remoteUrl" text, "lastError" text,
    at text)
), written AS (
  UPDATE "post_publications" AS p
  SET "status" = v.status,
      "dueAt" = COALESCE((v."dueAt"::timestamptz AT TIME ZONE 'UTC'), p."dueAt"),
      "remoteId" = CASE WHEN v.status = 'published' THEN v."remoteId" ELSE p."remoteId" END,
      "remoteUrl" = CASE WHEN v.status = 'published' THEN v."remoteUrl" ELSE p."remoteUrl" END,
      "publishedAt" = CASE WHEN v.status = 'published' THEN (v.at::timestamptz AT TIME ZONE 'UTC') ELSE p."publishedAt" END,
      "lastError" = v."lastError",
      "leaseOwner" = NULL,
      "leaseUntil" = NULL,
      "updatedAt" = (v.at::timestamptz AT TIME ZONE 'UTC')
  FROM v
  WHERE p.id = v.id AND p."leaseOwner" = v."leaseOwner" AND p."status" = 'publishing'
  RETURNING p.*
)
SELECT written.*, true AS "written" FROM written
UNION ALL
SELECT p.*, false AS "written" FROM "post_publications" AS p
WHERE p."postId" IN (SELECT value::int FROM jsonb_array_elements_text($2::jsonb))
  AND p.id NOT IN (SELECT id FROM written)`;

const writePostsSql = `
UPDATE "custom_blog_posts" AS b
SET "status" = v.status,
    "isScheduled" = v."isScheduled",
    "lastError" = v."lastError",
    "shopifyArticleId" = COALESCE(v."shopifyArticleId", b."shopifyArticleId"),
    "wordpressPostId" = COALESCE(v."wordpressPostId", b."wordpressPostId"),
    "updatedAt" = ($2::timestamptz AT TIME ZONE 'UTC')
FROM jsonb_to_recordset($1::jsonb) AS v(
  id integer, status text, "isScheduled" boolean, "lastError" text, "shopifyArticleId" text, "wordpressPostId" text)
WHERE b.id = v.id`;

const transactionOptions = { maxWait: 15_000, timeout: 30_000 };

type PublicationRow = PostPublication & { written: boolean };

/** Writes the outcomes; returns, in the same order, each publication as recorded, or null when it was not written. */
export async function recordOutcomes(
  db: Database,
  outcomes: readonly OutcomeToRecord[],
): Promise<Array<PostPublication | null>> {
  if (!outcomes.length) return [];
  const postIds = [...new Set(outcomes.map((o) => o.postId))].sort((a, b) => a - b);
  const values = outcomes.map((o) => ({
    id: o.publicationId,
    leaseOwner: o.leaseOwner,
    status: o.update.status,
    dueAt: o.update.status === "pending" ? o.update.retryAt.toISOString() : null,
    remoteId: o.update.status === "published" ? o.update.remoteId : null,
    remoteUrl: o.update.status === "published" ? o.update.remoteUrl : null,
    lastError: o.update.status === "published" ? null : o.update.lastError,
    at: o.at.toISOString(),
  }));

  return db.prisma.$transaction(async (tx) => {
    const locked = await tx.$queryRawUnsafe<Array<{ id: number; status: string }>>(
      lockPostsSql,
      JSON.stringify(postIds),
    );
    if (!locked.length) return outcomes.map(() => null);
    const rows = await tx.$queryRawUnsafe<PublicationRow[]>(
      writeOutcomesSql,
      JSON.stringify(values),
      JSON.stringify(locked.map((p) => p.id)),
    );
    const written = new Map<number, PostPublication>();
    const byPost = new Map<number, PostPublication[]>();
    for (const { written: isWritten, ...publication } of rows) {
      if (isWritten) written.set(publication.id, publication);
      const list = byPost.get(publication.postId) ?? [];
      list.push(publication);
      byPost.set(publication.postId, list);
    }
    const posts = locked
      .filter((post) => outcomes.some((o) => o.postId === post.id && written.has(o.publicationId)))
      .map((post) => {
        const publications = (byPost.get(post.id) ?? []).sort((a, b) => a.id - b.id);
        const mirrored = (platform: Platform) =>
          publications.find((p) => p.platform === platform && written.has(p.id) && p.status === "published")
            ?.remoteId ?? null;
        return {
          id: post.id,
          ...derivePostState(publications, post.status),
          shopifyArticleId: mirrored("shopify"),
          wordpressPostId: mirrored("wordpress"),
        };
      });
    if (posts.length) {
      await tx.$executeRawUnsafe(writePostsSql, JSON.stringify(posts), new Date().toISOString());
    }
    return outcomes.map((o) => written.get(o.publicationId) ?? null);
  }, transactionOptions);
}
