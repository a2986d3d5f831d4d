// The Publish (and Republish) button: publishes the post to one platform at once, through the same publication row
// and lease as the scheduler, so a click racing the scheduler (or a double click) publishes once. When another
// worker holds the row, this waits for its result instead of publishing again. A publication waiting for its
// scheduled time is published now instead. Failures are recorded on the publication and the post and thrown as an
// AppError: the platform's reason with status 502, or the resolver's own AppError (for example no connection).
// If the process dies mid-publish, the row's lease expires and the scheduler finishes the publication.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { platforms as knownPlatforms, type Platform } from "../contracts/blog.ts";
import type { PostPublication } from "../db/index.ts";
import { AppError, badRequest, conflict, isAppError, notFound } from "../errors/index.ts";
import { claimPublication } from "./claim-publication.ts";
import { readPostWithPublications } from "./read-post-with-publications.ts";
import { runClaimedPublication, type PublicationOutcome } from "./run-claimed-publication.ts";
import { defaultLeaseMs, platformLabels, type PostWithPublications, type PublishingDeps } from "./types.ts";

export interface PublishNowDeps extends PublishingDeps {
  /** Names this process in leaseOwner; defaults to host and pid. */
  instanceId?: string;
  /** How long to wait for another worker that is publishing the same post to the same platform. */
  waitMs?: number;
  /**
   * Checks the user may publish there (for example that the platform is connected), after the post's ownership is
   * checked and before anything is written: an AppError it throws leaves the post as it was.
   */
  assertCanPublish?: (userId: number, platform: Platform) => Promise<void>;
}

export interface PublishNowInput {
  userId: number;
  postId: number;
  platform: string;
}

export interface PublishNowResult {
  post: PostWithPublications;
  publication: PostPublication;
}

const pollMs = 250;

export async function publishNow(deps: PublishNowDeps, input: PublishNowInput): Promise<PublishNowResult> {
  const platform = input.platform;
  if (!isPlatform(platform)) throw badRequest("Platforms must be shopify or wordpress.");
  const label = platformLabels[platform];
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const post = await db.prisma.blogPost.findFirst({ where: { id: input.postId, userId: input.userId }, select: { id: true } });
  if (!post) throw notFound("Blog post not found.");
  await deps.assertCanPublish?.(input.userId, platform);

  const owner = `${deps.instanceId ?? `${hostname()}:${process.pid}`}:now:${randomUUID()}`;
  const deadline = Date.now() + (deps.waitMs ?? 60_000);
  for (;;) {
    const claimed = await claimPublication(db, {
      postId: input.postId,
      userId: input.userId,
      platform,
      owner,
      now: now(),
      leaseMs: deps.leaseMs ?? defaultLeaseMs,
    });
    if (claimed) {
      const outcome = await runClaimedPublication(deps, claimed, {
        mode: "now",
        maxAttempts: 1,
        retry: { baseMs: 0, maxMs: 0 },
      });
      return reportOutcome(deps, input, label, outcome);
    }
    // Another worker is publishing it: its result is ours.
    if (Date.now() >= deadline) throw conflict(`This post is being published to ${label} right now. Check back in a minute.`);
    await sleep(pollMs);
    const row = await db.prisma.postPublication.findUnique({
      where: { postId_platform: { postId: input.postId, platform } },
    });
    if (row?.status === "published") return { post: await readPostWithPublications(db.prisma, input), publication: row };
    if (row?.status === "failed") throw upstream(label, row.lastError ?? "publishing failed.");
    // Still in flight: wait more. Pending again (the other worker will retry later): claim it now.
  }
}

async function reportOutcome(
  deps: PublishNowDeps,
  input: PublishNowInput,
  label: string,
  outcome: PublicationOutcome,
): Promise<PublishNowResult> {
  switch (outcome.kind) {
    case "published":
      return { post: await readPostWithPublications(deps.db.prisma, input), publication: outcome.publication };
    case "failed":
      if (isAppError(outcome.error)) throw outcome.error;
      throw upstream(label, outcome.reason, outcome.error);
    case "held":
      // The store's facts changed since the post was written: nothing was published; the reason names each change.
      throw new AppError("CONFLICT", outcome.reason);
    case "retried":
    case "lost":
      throw conflict(`This post is being published to ${label} right now. Check back in a minute.`);
  }
}

function upstream(label: string, reason: string, cause?: unknown): AppError {
  return new AppError("UPSTREAM", `${label} publishing failed: ${reason}`, cause === undefined ? {} : { cause });
}

function isPlatform(value: string): value is Platform {
  return (knownPlatforms as readonly string[]).includes(value);
}
