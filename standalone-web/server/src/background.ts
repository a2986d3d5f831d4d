// Work that runs beside the HTTP server in every app instance: pruning expired sessions, registrations and rate
// limit counters, removing uploaded images no post uses, and (when SCHEDULER_ENABLED, the default) the publication
// scheduler, the autopilot, the site indexer, the site posts analyser and the Search Console reader. Every instance runs them; they share the
// work through the database (leases on post_publications, content_plan_items, autopilot_digest_jobs, site_index_jobs
// and site_posts_jobs, one lease queue), so any number of instances publish each post once, prepare each autopilot
// slot once, send each digest once, and read and analyse each site with one reader at a time.
import { hostname } from "node:os";
import { pruneEmailVerifications } from "@postwright/core/accounts";
import { releaseExpiredGenerations } from "@postwright/core/billing";
import { rescoreStoredPosts } from "@postwright/core/blog";
import { pruneRateLimits } from "@postwright/core/limits";
import { createPublishingDeps, pruneConnectCodes } from "@postwright/core/connections";
import { createSiteIndexer, type SiteIndexer, type SiteIndexerOptions } from "@postwright/core/site-index";
import {
  createSitePostsAnalyser,
  type SitePostsAnalyser,
  type SitePostsAnalyserOptions,
} from "@postwright/core/site-posts";
import { createSearchConsoleReader } from "@postwright/core/search-console";
import { proposeRefresh } from "@postwright/core/refresh";
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
import { searchConsoleDeps } from "./routes/search-console.ts";

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
    // Plans that queue refreshes propose them for review: nothing is written to the site.
    proposeRefresh: (input) =>
      proposeRefresh({ ...connectionDeps(ctx), openai: ctx.config.openai, logger: ctx.logger }, input),
    ...overrides,
  });
}

/**
 * The site indexer of this instance: every 5 seconds, and at once when a site is connected in this process, it claims
 * the sites due for a read (connected, asked for, failed and due for a retry, or indexed a day ago), four at a time.
 */
export function createAppSiteIndexer(ctx: ServerContext, overrides: Partial<SiteIndexerOptions> = {}): SiteIndexer {
  return createSiteIndexer(
    { ...connectionDeps(ctx), logger: ctx.logger },
    { instanceId: `${hostname()}:${process.pid}`, ...overrides },
  );
}

/**
 * The site posts analyser of this instance ("Your posts"): every 5 seconds, and at once when a site's index is read in
 * this process, it claims the sites whose posts are due for an analysis, two at a time.
 */
export function createAppSitePostsAnalyser(
  ctx: ServerContext,
  overrides: Partial<SitePostsAnalyserOptions> = {},
): SitePostsAnalyser {
  return createSitePostsAnalyser(
    { ...connectionDeps(ctx), logger: ctx.logger },
    { instanceId: `${hostname()}:${process.pid}`, ...overrides },
  );
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
    pruneConnectCodes({ prisma }).catch((err: unknown) =>
      ctx.logger.warn({ err }, "could not prune the plugin's used and expired connect codes"),
    );
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
  // Posts analysed with an older check set get the current score and checks, once, whichever instance reads them.
  rescoreStoredPosts({ prisma, siteUrl: ctx.config.appUrl })
    .then(({ rescored }) => {
      if (rescored > 0) ctx.logger.info({ rescored }, "analysed stored posts with the current SEO checks");
    })
    .catch((err: unknown) => ctx.logger.warn({ err }, "could not analyse stored posts with the current SEO checks"));
  const scheduler = ctx.config.schedulerEnabled ? createAppScheduler(ctx) : undefined;
  scheduler?.start();
  const autopilot = ctx.config.schedulerEnabled ? createAppAutopilot(ctx) : undefined;
  autopilot?.start();
  const siteIndexer = ctx.config.schedulerEnabled ? createAppSiteIndexer(ctx) : undefined;
  siteIndexer?.start();
  const sitePosts = ctx.config.schedulerEnabled ? createAppSitePostsAnalyser(ctx) : undefined;
  sitePosts?.start();
  // Search Console's figures, read for connected sites on connect and daily (only when this server has a Google client).
  const searchConsole =
    ctx.config.schedulerEnabled && ctx.config.google
      ? createSearchConsoleReader(searchConsoleDeps(ctx), { instanceId: `${hostname()}:${process.pid}` })
      : undefined;
  searchConsole?.start();
  return {
    async stop() {
      clearInterval(pruning);
      // Waits for the publications in flight to be recorded, so none is left to expire and run again.
      await Promise.all([
        scheduler?.stop(),
        autopilot?.stop(),
        siteIndexer?.stop(),
        sitePosts?.stop(),
        searchConsole?.stop(),
      ]);
    },
  };
}
