// The autopilot loop every instance runs: it skips drafts whose slot came unapproved, frees the slots of titles that
// missed theirs, gives waiting titles the next slots of each active plan, and prepares the titles whose slot is within
// a day, at most `concurrency` at once in this instance (a small number, so background writing leaves the model's
// capacity to the owners waiting at the form). Claims are shared through the database (see prepare-plan-items.ts), so
// any number of instances may run it.
import { randomUUID } from "node:crypto";
import cron, { type ScheduledTask } from "node-cron";
import { silentLogger } from "../logger.ts";
import { queuePlanRefreshes, type QueueRefreshDeps } from "./queue-plan-refreshes.ts";
import { assignPlanSlots } from "./content-plans.ts";
import {
  type AutopilotDeps,
  claimPlanItems,
  prepareClaimedItem,
  type PreparationOutcome,
  skipMissedSlots,
  skipUnapprovedDrafts,
} from "./prepare-plan-items.ts";

export interface AutopilotOptions extends AutopilotDeps {
  /** Names this instance in the claims and the logs. */
  instanceId: string;
  /** Preparations running at once in this instance. Default 2. */
  concurrency?: number;
  /** When start() runs a round (node-cron syntax, seconds first). Default every 30 seconds. */
  cronExpression?: string;
  /**
   * Proposes a refresh of one of the owner's posts (nothing written to the site), for plans that queue refreshes;
   * without it no refresh is queued.
   */
  proposeRefresh?: QueueRefreshDeps["proposeRefresh"];
}

export interface AutopilotRound {
  skipped: number;
  slotsGiven: number;
  outcomes: PreparationOutcome[];
}

export interface Autopilot {
  /** One round; resolves when the preparations it started are done. */
  runOnce(now?: Date): Promise<AutopilotRound>;
  /** Runs a round now and then on the cron schedule; each finished preparation claims the next title at once. */
  start(): void;
  /** Stops starting rounds and waits for the preparations in flight. */
  stop(): Promise<void>;
}

export function createAutopilot(options: AutopilotOptions): Autopilot {
  const { db } = options;
  const { prisma } = db;
  const logger = options.logger ?? silentLogger;
  const concurrency = options.concurrency ?? 2;
  const inFlight = new Set<Promise<PreparationOutcome>>();
  let task: ScheduledTask | undefined;
  let claiming = false;

  /** Claims as many titles as this instance has free places and starts them; `refill` claims again as each ends. */
  async function fill(now: Date | undefined, refill: boolean): Promise<Promise<PreparationOutcome>[]> {
    if (claiming || inFlight.size >= concurrency) return [];
    claiming = true;
    let ids: number[];
    const owner = `${options.instanceId}:${randomUUID()}`;
    try {
      ids = await claimPlanItems(db, { owner, now: now ?? new Date(), limit: concurrency - inFlight.size });
    } finally {
      claiming = false;
    }
    return ids.map((id) => {
      const run = prepareClaimedItem(options, id, owner, now ?? new Date()).catch((error: unknown) => {
        logger.error({ err: error, itemId: id }, "autopilot: preparation failed unexpectedly");
        return "lost" as const;
      });
      inFlight.add(run);
      void run.finally(() => {
        inFlight.delete(run);
        // A finished preparation frees a place: the next title due is claimed at once, not at the next round.
        if (refill && task) {
          fill(undefined, true).catch((error: unknown) => logger.error({ err: error }, "autopilot claim failed"));
        }
      });
      return run;
    });
  }

  /** Skips drafts whose slot came, frees missed slots, gives waiting titles their slots. */
  async function tidy(now: Date): Promise<{ skipped: number; slotsGiven: number }> {
    const skipped = await skipUnapprovedDrafts({ prisma }, now);
    await skipMissedSlots({ prisma }, now);
    // Before the titles take the free slots: a plan's weekly refresh takes one of them.
    if (options.proposeRefresh) {
      await queuePlanRefreshes({ prisma, proposeRefresh: options.proposeRefresh, logger }, now);
    }
    let slotsGiven = 0;
    // Only plans with a title waiting for a slot can be given one: the others cost no transaction each round.
    const plans = await prisma.contentPlan.findMany({
      where: { status: "active", items: { some: { status: "planned", slotAt: null } } },
      select: { id: true, userId: true },
    });
    for (const plan of plans) slotsGiven += (await assignPlanSlots({ prisma }, plan.userId, plan.id, now)).length;
    return { skipped, slotsGiven };
  }

  async function runOnce(now = new Date()): Promise<AutopilotRound> {
    const { skipped, slotsGiven } = await tidy(now);
    const outcomes = await Promise.all(await fill(now, false));
    if (skipped || slotsGiven || outcomes.length) logger.info({ skipped, slotsGiven, outcomes }, "autopilot round");
    return { skipped, slotsGiven, outcomes };
  }

  return {
    runOnce,
    start() {
      if (task) return;
      const round = () => {
        tidy(new Date())
          .then(() => fill(undefined, true))
          .catch((error: unknown) => logger.error({ err: error }, "autopilot round failed"));
      };
      task = cron.schedule(options.cronExpression ?? "*/30 * * * * *", round, { timezone: "UTC" });
      round();
    },
    async stop() {
      await task?.destroy();
      task = undefined;
      await Promise.allSettled([...inFlight]);
    },
  };
}
