// Publishes one claimed publication and records the outcome. The remote call happens outside any transaction;
// the lease is renewed while it runs, and every write afterwards is guarded by the claim's token, so a worker whose
// lease was taken over (it hung, or its instance was presumed dead) can never overwrite the newer worker's result.
// Crashes anywhere leave the row "publishing" under a lease that expires, and the next claim retries it: the
// targets find the article an interrupted attempt created (by remoteId, else by the handle stored at the first
// claim) instead of creating a second one.
import type { Platform } from "../contracts/blog.ts";
import type { PostPublication } from "../db/index.ts";
import { isAppError } from "../errors/index.ts";
import { silentLogger, type Logger } from "../logger.ts";
import { PublishError, type PublishResult } from "../publishing/types.ts";
import { recheckPostFacts } from "../facts/recheck-post-facts.ts";
import { buildPublishablePost } from "./build-publishable-post.ts";
import { computeRetryDelay, type RetryDelayOptions } from "../jobs/compute-retry-delay.ts";
import type { RecordOutcome } from "./create-outcome-recorder.ts";
import { recordOutcomes, type OutcomeUpdate } from "./record-outcomes.ts";
import {
  defaultLeaseMs,
  defaultPublishTimeoutMs,
  platformLabels,
  type ClaimedPublication,
  type PublishingDeps,
} from "./types.ts";

export type PublicationOutcome =
  | { kind: "published"; publication: PostPublication }
  /** A transient failure: the publication waits for another attempt at retryAt. */
  | { kind: "retried"; reason: string; retryAt: Date }
  /** The publication failed for good; reason is what the user is told, error what was thrown. */
  | { kind: "failed"; reason: string; error: unknown }
  /** The store's facts no longer agree with the post: kept back for the owner's review, nothing published. */
  | { kind: "held"; reason: string }
  /** The lease was taken over by another worker (or the post deleted): nothing was recorded by this worker. */
  | { kind: "lost" };

export interface RunOptions {
  /** "scheduled" retries transient failures with backoff; "now" (the Publish button) reports every failure at once. */
  mode: "scheduled" | "now";
  maxAttempts: number;
  retry: RetryDelayOptions;
  /** Writes the outcome (the scheduler's group commit); by default it is written on its own. */
  record?: RecordOutcome;
}

export async function runClaimedPublication(
  deps: PublishingDeps,
  claimed: ClaimedPublication,
  options: RunOptions,
): Promise<PublicationOutcome> {
  const platform = claimed.platform as Platform;
  const label = platformLabels[platform] ?? claimed.platform;
  const logger = (deps.logger ?? silentLogger).child({
    publicationId: claimed.id,
    postId: claimed.postId,
    platform: claimed.platform,
    attempt: claimed.attempts,
  });
  const now = deps.now ?? (() => new Date());

  // Attempts only grow past maxAttempts when leases kept expiring (the process died while publishing this row):
  // stop rather than crash every instance in turn.
  if (options.mode === "scheduled" && claimed.attempts > options.maxAttempts + 1) {
    const reason = `Publishing to ${label} was interrupted several times. Please try again.`;
    logger.error({}, "publication abandoned after repeated interruptions");
    return finishFailed(deps, options, claimed, reason, undefined, now());
  }

  let result: PublishResult;
  const stopRenewal = renewLeaseWhileRunning(deps, claimed, logger);
  try {
    const target = await deps.resolveTarget({
      userId: claimed.userId,
      platform,
      postId: claimed.postId,
      connectionId: claimed.connectionId,
      blogId: claimed.blogId,
    });
    // A post about the store's products is checked against the store once more (prices change), whether it was
    // scheduled or the owner pressed Publish; so are the products it names in the owner's other connected store.
    const facts =
      deps.checkProductFacts !== false
        ? await recheckPostFacts(
            { prisma: deps.db.prisma, logger, now, resolveTarget: deps.resolveTarget },
            claimed.post,
            target,
            { then: options.mode === "now" ? "publish" : "schedule" },
          )
        : null;
    if (facts?.kind === "hold") {
      stopRenewal();
      logger.info({ mismatches: facts.report.mismatches }, "held for review: the store's facts changed");
      const held = await finish(deps, options, claimed, { status: "held", lastError: facts.reason }, now());
      return held ? { kind: "held", reason: facts.reason } : { kind: "lost" };
    }
    const source = facts?.html ? { ...claimed.post, htmlContent: facts.html } : claimed.post;
    const built = (deps.buildPost ?? buildPublishablePost)(source);
    const post = claimed.handle ? { ...built, handle: claimed.handle } : built;
    result = await withTimeout(
      target.publish(post, { remoteId: claimed.remoteId }),
      deps.publishTimeoutMs ?? defaultPublishTimeoutMs,
      `${label} did not answer in time.`,
    );
  } catch (error) {
    stopRenewal();
    const failure = describeFailure(error, label);
    const canRetry = options.mode === "scheduled" && failure.transient && claimed.attempts < options.maxAttempts;
    if (failure.unexpected) logger.error({ err: error }, "publish failed unexpectedly");
    if (canRetry) {
      const retryAt = new Date(
        now().getTime() + computeRetryDelay(claimed.attempts, failure.retryAfterMs, options.retry),
      );
      logger.warn({ reason: failure.reason, retryAt }, "publish failed, will retry");
      const recorded = await finish(
        deps,
        options,
        claimed,
        { status: "pending", retryAt, lastError: failure.reason },
        now(),
      );
      return recorded ? { kind: "retried", reason: failure.reason, retryAt } : { kind: "lost" };
    }
    logger.warn({ reason: failure.reason }, "publish failed");
    return finishFailed(deps, options, claimed, failure.reason, error, now());
  }
  stopRenewal();

  const publication = await finish(
    deps,
    options,
    claimed,
    { status: "published", remoteId: result.remoteId, remoteUrl: result.remoteUrl },
    now(),
  );
  if (!publication) {
    logger.warn({ remoteId: result.remoteId }, "lease was taken over before the publication was recorded");
    return { kind: "lost" };
  }
  logger.info({ remoteId: result.remoteId }, "published");
  if (deps.onPublished) {
    try {
      await deps.onPublished(claimed.userId, {
        postId: claimed.postId,
        platform,
        republished: claimed.publishedAt !== null || claimed.remoteId !== null,
      });
    } catch (err) {
      logger.error({ err }, "could not record the publication's usage");
    }
  }
  return { kind: "published", publication };
}

async function finishFailed(
  deps: PublishingDeps,
  options: RunOptions,
  claimed: ClaimedPublication,
  reason: string,
  error: unknown,
  at: Date,
): Promise<PublicationOutcome> {
  const recorded = await finish(deps, options, claimed, { status: "failed", lastError: reason }, at);
  return recorded ? { kind: "failed", reason, error } : { kind: "lost" };
}

/**
 * Writes the outcome if this worker still holds the lease, and re-derives the post's status and the article id it
 * mirrors, in one transaction (recordOutcomes); null when the lease was taken over or the post deleted.
 */
async function finish(
  deps: PublishingDeps,
  options: RunOptions,
  claimed: ClaimedPublication,
  update: OutcomeUpdate,
  at: Date,
): Promise<PostPublication | null> {
  const outcome = {
    publicationId: claimed.id,
    postId: claimed.postId,
    platform: claimed.platform as Platform,
    leaseOwner: claimed.leaseOwner,
    update,
    at,
  };
  if (options.record) return options.record(outcome);
  const [recorded] = await recordOutcomes(deps.db, [outcome]);
  return recorded ?? null;
}

/** Keeps the lease alive while the remote call runs, however long it takes; returns the function that stops it. */
function renewLeaseWhileRunning(deps: PublishingDeps, claimed: ClaimedPublication, logger: Logger): () => void {
  const leaseMs = deps.leaseMs ?? defaultLeaseMs;
  const now = deps.now ?? (() => new Date());
  const timer = setInterval(
    () => {
      deps.db.prisma.postPublication
        .updateMany({
          where: { id: claimed.id, leaseOwner: claimed.leaseOwner, status: "publishing" },
          data: { leaseUntil: new Date(now().getTime() + leaseMs) },
        })
        .then(({ count }) => {
          if (count === 0) logger.warn({}, "lease lost while publishing");
        })
        .catch((err: unknown) => logger.warn({ err }, "could not renew the publication's lease"));
    },
    Math.max(1, Math.floor(leaseMs / 3)),
  );
  timer.unref();
  return () => clearInterval(timer);
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PublishError(message, { transient: true })), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface Failure {
  reason: string;
  transient: boolean;
  retryAfterMs: number | undefined;
  unexpected: boolean;
}

function describeFailure(error: unknown, label: string): Failure {
  if (error instanceof PublishError) {
    return { reason: error.message, transient: error.transient, retryAfterMs: error.retryAfterMs, unexpected: false };
  }
  if (isAppError(error)) return { reason: error.message, transient: false, retryAfterMs: undefined, unexpected: false };
  return {
    reason: `Publishing to ${label} failed unexpectedly. Please try again.`,
    transient: true,
    retryAfterMs: undefined,
    unexpected: true,
  };
}
