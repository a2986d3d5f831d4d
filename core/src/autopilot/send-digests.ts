// The autopilot's daily mail: for each owner with plans, at most one a day, what happened since the last one: drafts
// waiting for review, posts published, titles skipped or failed, plans paused. An owner with nothing new gets no mail.
// Each owner's digest is a job on the lease queue (core/src/jobs, table autopilot_digest_jobs): instances running this
// at the same time claim different owners, so each digest is sent once; a digest whose mail could not be sent is due
// again at the next run, and one whose instance stopped before recording it is taken over when its lease lapses.
// An owner's job is created by the first run after their first plan, due a day after their last digest (or now).
import { randomUUID } from "node:crypto";
import type { Prisma } from "../db/index.ts";
import { claimJobs, finishJob, type LeaseQueue } from "../jobs/index.ts";
import { type Logger, silentLogger } from "../logger.ts";
import { autopilotDigestEmail, type AutopilotDigestLine, type Mailer } from "../mail/index.ts";
import { formatSlot } from "./cadence.ts";

export const DIGEST_INTERVAL_MS = 24 * 60 * 60_000;
const DIGEST_QUEUE: LeaseQueue = { table: "autopilot_digest_jobs", running: "sending" };
/** Longer than writing one owner's digest and handing it to the mail server. */
const DIGEST_LEASE_MS = 10 * 60_000;
const BATCH = 200;

export interface DigestDeps {
  prisma: Prisma;
  mailer: Pick<Mailer, "send">;
  /** The site's address, for links to the plans. */
  appUrl: string;
  logger?: Logger;
  /** Names this instance in the jobs' leaseOwner. */
  instanceId?: string;
}

const createJobsSql = `
INSERT INTO "autopilot_digest_jobs" ("userId", "nextAttemptAt", "updatedAt")
SELECT u.id,
       COALESCE(u."autopilotDigestAt" + interval '1 day', ($1::timestamptz AT TIME ZONE 'UTC')),
       ($1::timestamptz AT TIME ZONE 'UTC')
FROM "custom_users" u
WHERE EXISTS (SELECT 1 FROM "content_plans" p WHERE p."userId" = u.id)
  AND NOT EXISTS (SELECT 1 FROM "autopilot_digest_jobs" j WHERE j."userId" = u.id)
ON CONFLICT ("userId") DO NOTHING`;

export async function sendAutopilotDigests(deps: DigestDeps, now = new Date()): Promise<{ sent: number }> {
  const { prisma } = deps;
  const logger = deps.logger ?? silentLogger;
  const cutoff = new Date(now.getTime() - DIGEST_INTERVAL_MS);
  await prisma.$executeRawUnsafe(createJobsSql, now.toISOString());
  const owner = `${deps.instanceId ?? "digests"}:${randomUUID()}`;
  const ids = await claimJobs(prisma, DIGEST_QUEUE, {
    owner,
    now,
    leaseMs: DIGEST_LEASE_MS,
    limit: BATCH,
    where: () => `EXISTS (SELECT 1 FROM "content_plans" p WHERE p."userId" = "autopilot_digest_jobs"."userId")`,
  });
  const jobs = await prisma.autopilotDigestJob.findMany({
    where: { id: { in: ids }, leaseOwner: owner },
    select: { id: true, user: { select: { id: true, email: true, firstName: true, autopilotDigestAt: true } } },
  });
  let sent = 0;
  for (const { id, user } of jobs) {
    const since = user.autopilotDigestAt ?? cutoff;
    try {
      const message = await digestFor(deps, user, since, now);
      if (message) {
        await deps.mailer.send(message);
        sent += 1;
      }
      // The next digest covers what happens from now; written only while this instance still holds the job.
      const next = new Date(now.getTime() + DIGEST_INTERVAL_MS);
      if (
        await finishJob(prisma, DIGEST_QUEUE, { id, owner, now, state: "waiting", dueAt: next, set: { attempts: 0 } })
      ) {
        await prisma.user.update({ where: { id: user.id }, data: { autopilotDigestAt: now } });
      }
    } catch (error) {
      await finishJob(prisma, DIGEST_QUEUE, { id, owner, now, state: "waiting", dueAt: now });
      logger.warn({ err: error, userId: user.id }, "autopilot digest could not be sent; retried at the next run");
    }
  }
  return { sent };
}

async function digestFor(
  deps: DigestDeps,
  owner: { id: number; email: string; firstName: string | null },
  since: Date,
  now: Date,
) {
  const plans = await deps.prisma.contentPlan.findMany({
    where: { userId: owner.id },
    include: {
      items: {
        where: { OR: [{ updatedAt: { gt: since } }, { status: "approved" }] },
        orderBy: [{ slotAt: "asc" }, { id: "asc" }],
      },
    },
  });
  const lines = { toReview: [], published: [], skipped: [], failed: [], paused: [] } as Record<
    "toReview" | "published" | "skipped" | "failed" | "paused",
    AutopilotDigestLine[]
  >;
  const approved = plans.flatMap((plan) => plan.items.filter((item) => item.status === "approved" && item.postId));
  const publishedAt = new Map(
    (
      await deps.prisma.postPublication.findMany({
        where: { postId: { in: approved.map((item) => item.postId!) }, publishedAt: { gt: since, lte: now } },
        select: { postId: true, publishedAt: true },
      })
    ).map((publication) => [publication.postId, publication.publishedAt!]),
  );
  for (const plan of plans) {
    const base = { planName: plan.name, planUrl: new URL(`/autopilot/${plan.id}`, deps.appUrl).href };
    const when = (at: Date | null) => (at ? formatSlot(at, plan.timeZone) : undefined);
    if (plan.status === "paused" && plan.pausedReason && plan.updatedAt > since) {
      lines.paused.push({ ...base, title: plan.name, reason: plan.pausedReason });
    }
    for (const item of plan.items) {
      const line = { ...base, title: item.title };
      if (item.status === "to_review" && item.updatedAt > since)
        lines.toReview.push({ ...line, when: when(item.slotAt) });
      else if (item.status === "approved" && item.postId && publishedAt.has(item.postId)) {
        lines.published.push({ ...line, when: when(publishedAt.get(item.postId)!) });
      } else if (item.status === "skipped" && item.updatedAt > since) {
        lines.skipped.push({ ...line, reason: item.lastError ?? undefined });
      } else if (item.status === "failed" && item.updatedAt > since) {
        lines.failed.push({ ...line, reason: item.lastError ?? undefined });
      }
    }
  }
  // Refreshes the plans proposed since the last digest and still waiting, each linking to its own page.
  const refreshes = await deps.prisma.postRefresh.findMany({
    where: {
      userId: owner.id,
      planId: { in: plans.map((plan) => plan.id) },
      state: "proposed",
      createdAt: { gt: since },
    },
    orderBy: { id: "asc" },
  });
  const refreshLines = refreshes.map((refresh) => {
    const plan = plans.find((p) => p.id === refresh.planId)!;
    return {
      planName: plan.name,
      planUrl: new URL(`/refreshes/${refresh.id}`, deps.appUrl).href,
      title: `Refresh of "${refresh.title}"`,
    };
  });
  if (refreshLines.length === 0 && Object.values(lines).every((list) => list.length === 0)) return undefined;
  return autopilotDigestEmail({ to: owner.email, firstName: owner.firstName, ...lines, refreshes: refreshLines });
}
