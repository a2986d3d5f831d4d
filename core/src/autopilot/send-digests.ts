// The autopilot's daily mail: for each owner with plans, at most one a day, what happened since the last one: drafts
// waiting for review, posts published, titles skipped or failed, plans paused. An owner with nothing new gets no mail.
// Each owner's digest is claimed by moving their autopilotDigestAt forward in one conditional update, so instances
// running this at the same time send it once; a mail that could not be sent gives the claim back for the next run.
import type { Prisma } from "../db/index.ts";
import { type Logger, silentLogger } from "../logger.ts";
import { autopilotDigestEmail, type AutopilotDigestLine, type Mailer } from "../mail/index.ts";
import { formatSlot } from "./cadence.ts";

export const DIGEST_INTERVAL_MS = 24 * 60 * 60_000;

export interface DigestDeps {
  prisma: Prisma;
  mailer: Pick<Mailer, "send">;
  /** The site's address, for links to the plans. */
  appUrl: string;
  logger?: Logger;
}

export async function sendAutopilotDigests(deps: DigestDeps, now = new Date()): Promise<{ sent: number }> {
  const { prisma } = deps;
  const logger = deps.logger ?? silentLogger;
  const cutoff = new Date(now.getTime() - DIGEST_INTERVAL_MS);
  const due = { OR: [{ autopilotDigestAt: null }, { autopilotDigestAt: { lte: cutoff } }] };
  const owners = await prisma.user.findMany({
    where: { ...due, contentPlans: { some: {} } },
    select: { id: true, email: true, firstName: true, autopilotDigestAt: true },
    take: 200,
  });
  let sent = 0;
  for (const owner of owners) {
    const { count } = await prisma.user.updateMany({
      where: { id: owner.id, ...due },
      data: { autopilotDigestAt: now },
    });
    if (count === 0) continue; // another instance has it
    const since = owner.autopilotDigestAt ?? cutoff;
    try {
      const message = await digestFor(deps, owner, since, now);
      if (!message) continue;
      await deps.mailer.send(message);
      sent += 1;
    } catch (error) {
      await prisma.user.updateMany({
        where: { id: owner.id, autopilotDigestAt: now },
        data: { autopilotDigestAt: owner.autopilotDigestAt },
      });
      logger.warn({ err: error, userId: owner.id }, "autopilot digest could not be sent; retried at the next run");
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
  if (Object.values(lines).every((list) => list.length === 0)) return undefined;
  return autopilotDigestEmail({ to: owner.email, firstName: owner.firstName, ...lines });
}
