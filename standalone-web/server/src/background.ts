// Work that runs beside the HTTP server in every app instance: pruning expired sessions, registrations and rate
// limit counters, removing uploaded images no post uses, and (when SCHEDULER_ENABLED, the default) the publication
// scheduler and the autopilot. Every instance runs both; they share the work through the database (leases on
// post_publications and content_plan_items), so any number of instances publish each post once and prepare each
// autopilot slot once.
import { hostname } from "node:os";
import { pruneEmailVerifications } from "@postwright/core/accounts";
import { releaseExpiredGenerations } from "@postwright/core/billing";
import { pruneRateLimits } from "@postwright/core/limits";
import { createPublishingDeps } from "@postwright/core/publishing";
import { refreshStaleSiteIndexes } from "@postwright/core/site-index";
import { removeUnusedImages } from "@postwright/core/uploads";
import { createScheduler, type Scheduler, type SchedulerDeps } from "@postwright/core/scheduling";
import { createWriter } from "@postwright/core/ai";
import {
  createAutopilot,
  sendAutopilotDigests,
  type Autopilot,
  type AutopilotOptions,
} from "@postwright/core/autopilot";
import type { ServerContext } from "./context.ts";
import { SessionStore } from "./http/session.ts";
import { connectionDeps } from "./routes/publishing.ts";

export interface BackgroundWork {
  stop(): Promise<void>;
}

const HOUR = 60 * 60 * 1000;

/**
 * The scheduler of this instance, publishing through the users' connections and counting publications in their
 * usage. It claims due posts at start and every 15 seconds, so a post goes out well within a minute of its time.
 */
export function createAppScheduler(ctx: ServerContext, overrides: Partial<SchedulerDeps> = {}): Scheduler {
  return createScheduler({
    ...createPublishingDeps(connectionDeps(ctx), ctx.db),
    instanceId: `${hostname()}:${process.pid}`,
    ...overrides,
  });
}

/**
 * The autopilot of this instance: every 30 seconds it gives plans' titles their slots and prepares those due within a
 * day, two at a time per instance (the model's capacity stays with the owners at the form).
 */
export function createAppAutopilot(ctx: ServerContext, overrides: Partial<AutopilotOptions> = {}): Autopilot {
  return createAutopilot({
    db: ctx.db,
    writer: createWriter({ openai: ctx.config.openai, logger: ctx.logger, siteUrl: ctx.config.appUrl }),
    logger: ctx.logger,
    instanceId: `${hostname()}:${process.pid}`,
    ...overrides,
  });
}

export async function startBackgroundWork(ctx: ServerContext): Promise<BackgroundWork> {
  const { prisma } = ctx.db;
  const sessions = new SessionStore(ctx);
  const prune = () => {
    sessions.prune().catch((err: unknown) => ctx.logger.warn({ err }, "could not prune expired sessions"));
    pruneEmailVerifications({ prisma }).catch((err: unknown) =>
      ctx.logger.warn({ err }, "could not prune expired registrations"),
    );
    releaseExpiredGenerations({ prisma }).catch((err: unknown) =>
      ctx.logger.warn({ err }, "could not release the quota of generations whose process died"),
    );
    pruneRateLimits({ prisma }).catch((err: unknown) => ctx.logger.warn({ err }, "could not prune ended rate limits"));
    removeUnusedImages({ prisma, uploadDir: ctx.config.uploadDir })
      .then(({ removed, incoming }) => {
        if (removed + incoming > 0) ctx.logger.info({ removed, incoming }, "removed uploaded images no post uses");
      })
      .catch((err: unknown) => ctx.logger.warn({ err }, "could not remove unused uploaded images"));
    // Each owner with plans gets at most one autopilot digest a day, sent by whichever instance claims it first.
    sendAutopilotDigests({ prisma, mailer: ctx.mailer, appUrl: ctx.config.appUrl, logger: ctx.logger })
      .then(({ sent }) => {
        if (sent > 0) ctx.logger.info({ sent }, "sent autopilot digests");
      })
      .catch((err: unknown) => ctx.logger.warn({ err }, "could not send the autopilot digests"));
  };
  const pruning = setInterval(prune, HOUR);
  pruning.unref();
  // Sites whose pages were not read for a day are indexed again, apart from any generation.
  const indexSites = () => {
    refreshStaleSiteIndexes({ ...connectionDeps(ctx), logger: ctx.logger }).catch((err: unknown) =>
      ctx.logger.warn({ err }, "could not refresh the site indexes"),
    );
  };
  const indexing = setInterval(indexSites, HOUR);
  indexing.unref();
  const scheduler = ctx.config.schedulerEnabled ? createAppScheduler(ctx) : undefined;
  scheduler?.start();
  const autopilot = ctx.config.schedulerEnabled ? createAppAutopilot(ctx) : undefined;
  autopilot?.start();
  return {
    async stop() {
      clearInterval(pruning);
      clearInterval(indexing);
      // Waits for the publications in flight to be recorded, so none is left to expire and run again.
      await Promise.all([scheduler?.stop(), autopilot?.stop()]);
    },
  };
}
