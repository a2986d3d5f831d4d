// Plans with "Also propose refreshes of my existing posts" (queueRefreshes) propose, once a week at most, a refresh of
// the site's top refresh candidate, within the plan's posts: the refresh takes the plan's next free slot (so a title
// does not, and the plan's volume stays what its cadence and posts ahead say). Nothing is published: the proposal
// waits "to review" (the refresh's "proposed" state) until the owner opens it and publishes it.
// - Candidates: the plan's site's posts of Your posts, those losing visitors in Search Console first (the same rule as
//   Your posts' "Losing visitors"), then by opportunity.
// - A post with a refresh waiting (proposed, or being published) is never proposed again, nor one refreshed (a refresh
//   published) in the last 90 days.
// - Runs before the plan's titles are given their slots in the autopilot round, so a slot freed by a passed one goes to
//   the refresh once a week.
import type { Prisma } from "../db/index.ts";
import { isAppError } from "../errors/index.ts";
import { type Logger, silentLogger } from "../logger.ts";
import { refreshCandidateReason } from "../site-posts/refresh-candidate.ts";
import { cadenceSchema, nextSlots } from "./cadence.ts";

/** At most one refresh a plan proposes in this time. */
export const REFRESH_PERIOD_MS = 7 * 24 * 60 * 60_000;
/** A post refreshed (published) this recently is not proposed again. */
export const RECENTLY_REFRESHED_MS = 90 * 24 * 60 * 60_000;
/** States in which a refresh is waiting: not proposed a second time. */
const WAITING = ["proposed", "publishing"];
const CANDIDATES_READ = 200;

export interface QueueRefreshDeps {
  prisma: Prisma;
  /** Proposes the refresh of one of the owner's posts (core/src/refresh's proposeRefresh), nothing written to the site. */
  proposeRefresh: (input: { userId: number; sitePostId: number }) => Promise<{ id: number }>;
  logger?: Logger;
}

type PlanRow = {
  id: number;
  userId: number;
  platform: string;
  connectionId: number | null;
  weekdays: number[];
  publishTime: string;
  timeZone: string;
  postsAhead: number;
};

/** The plan's site's posts worth refreshing, best first, leaving out those waiting or refreshed recently. */
export async function planRefreshCandidates(prisma: Prisma, plan: PlanRow, now: Date) {
  const site = {
    userId: plan.userId,
    platform: plan.platform,
    ...(plan.connectionId ? { connectionId: plan.connectionId } : {}),
  };
  const [posts, busy] = await Promise.all([
    prisma.sitePost.findMany({ where: site, orderBy: [{ opportunity: "desc" }, { id: "asc" }], take: CANDIDATES_READ }),
    prisma.postRefresh.findMany({
      where: {
        ...site,
        OR: [{ state: { in: WAITING } }, { publishedAt: { gt: new Date(now.getTime() - RECENTLY_REFRESHED_MS) } }],
      },
      select: { connectionId: true, remoteId: true },
    }),
  ]);
  const skip = new Set(busy.map((r) => `${r.connectionId}:${r.remoteId}`));
  const open = posts.filter((post) => !skip.has(`${post.connectionId}:${post.remoteId}`));
  const losing = open.filter((post) => refreshCandidateReason(post) !== null);
  return [...losing, ...open.filter((post) => refreshCandidateReason(post) === null)];
}

/** The plan's next slot free of titles and refreshes, within its posts ahead (null when every one is taken). */
async function freeSlot(prisma: Prisma, plan: PlanRow, now: Date): Promise<Date | null> {
  const cadence = cadenceSchema.parse({ weekdays: plan.weekdays, time: plan.publishTime, timeZone: plan.timeZone });
  const [items, refreshes] = await Promise.all([
    prisma.contentPlanItem.findMany({
      where: { planId: plan.id, slotAt: { gt: now }, status: { notIn: ["skipped", "failed"] } },
      select: { slotAt: true },
    }),
    prisma.postRefresh.findMany({ where: { planId: plan.id, slotAt: { gt: now } }, select: { slotAt: true } }),
  ]);
  const taken = new Set([...items, ...refreshes].map((row) => row.slotAt!.getTime()));
  return nextSlots(cadence, now, plan.postsAhead).find((slot) => !taken.has(slot.getTime())) ?? null;
}

/** Whether the plan proposed a refresh within the period. */
async function queuedThisPeriod(prisma: Prisma, planId: number, now: Date): Promise<boolean> {
  const recent = await prisma.postRefresh.findFirst({
    where: { planId, createdAt: { gt: new Date(now.getTime() - REFRESH_PERIOD_MS) } },
    select: { id: true },
  });
  return recent !== null;
}

/** Proposes the due refreshes of every active plan that queues them; returns the refreshes queued. */
export async function queuePlanRefreshes(deps: QueueRefreshDeps, now = new Date()): Promise<number[]> {
  const { prisma } = deps;
  const logger = deps.logger ?? silentLogger;
  const plans = await prisma.contentPlan.findMany({ where: { status: "active", queueRefreshes: true } });
  const queued: number[] = [];
  for (const plan of plans) {
    if (await queuedThisPeriod(prisma, plan.id, now)) continue;
    const slot = await freeSlot(prisma, plan, now);
    if (!slot) continue;
    const [candidate] = await planRefreshCandidates(prisma, plan, now);
    if (!candidate) continue;
    let refreshId: number;
    try {
      ({ id: refreshId } = await deps.proposeRefresh({ userId: plan.userId, sitePostId: candidate.id }));
    } catch (error) {
      logger.warn(
        { err: isAppError(error) ? error.message : error, planId: plan.id, sitePostId: candidate.id },
        "autopilot: a refresh could not be proposed",
      );
      continue;
    }
    // Tied to the plan under its lock, once: another instance that proposed at the same time loses its proposal.
    const kept = await prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM content_plans WHERE id = ${plan.id} FOR UPDATE`;
      const again =
        (await queuedThisPeriod(tx as unknown as Prisma, plan.id, now)) ||
        (await tx.postRefresh.findFirst({
          where: { planId: plan.id, slotAt: slot },
          select: { id: true },
        })) !== null;
      if (again) {
        await tx.postRefresh.deleteMany({ where: { id: refreshId, userId: plan.userId, state: "proposed" } });
        return false;
      }
      await tx.postRefresh.update({ where: { id: refreshId }, data: { planId: plan.id, slotAt: slot } });
      return true;
    });
    if (kept) queued.push(refreshId);
  }
  return queued;
}

/** The refreshes a plan queued, newest first, for the plan's screen. */
export async function planRefreshes(prisma: Prisma, userId: number, planId: number, take = 20) {
  const rows = await prisma.postRefresh.findMany({
    where: { planId, userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: { id: true, title: true, url: true, state: true, slotAt: true, createdAt: true },
  });
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    url: row.url,
    state: row.state,
    slotAt: row.slotAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}
