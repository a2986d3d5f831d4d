// The API of the Postwright WordPress plugin, versioned (/api/v1), documented in docs/wordpress-plugin-api.md and at
// GET /api/v1/openapi.json. Each route is declared once in @postwright/core/contracts (api-v1.ts: path, body, every
// answer) and implemented here from that declaration. Apart from the code exchange and the OpenAPI document, every route is authenticated by
// the site credential (Authorization: Bearer pwsite_...), acts on that site's account only, and is rate limited per
// site. Mounted before the session and CSRF middleware of the site's own API: it carries no cookies.
//
//   POST   /api/v1/connect/exchange               { code, siteUrl } -> { siteId, credential, signingSecret, account }
//   GET    /api/v1/site                           -> site, account, plan, usage
//   DELETE /api/v1/site                           -> 204 (the site disconnects itself)
//   POST   /api/v1/titles/optimize                optimizeTitleSchema -> OptimizeTitleResponse
//   POST   /api/v1/generations                    generatePostSchema -> 202 { id, stage }
//   GET    /api/v1/generations/:id                -> { id, stage, post?, error? }
//   GET    /api/v1/posts/:id                      -> BlogPostView
//   PATCH  /api/v1/posts/:id                      updatePostSchema -> BlogPostView
//   POST   /api/v1/seo/analyze                    seoAnalyzeSchema -> { score, checks, wordCount, readingTime }
//   POST   /api/v1/posts/:id/wordpress-publication { wpPostId, link, status, date? } -> 204
//   POST   /api/v1/posts/:id/schedule         { scheduledDate } -> BlogPostView (plugin-schedule-routes.ts)
//   DELETE /api/v1/posts/:id/schedule         -> BlogPostView
//   *      /api/v1/content-plans...              the autopilot (content-plan-routes.ts), for this site's plans only
//   GET|PUT /api/v1/voice, POST /api/v1/voice/derive  this site's Brand voice (plugin-voice-routes.ts)
//   /api/v1/refreshes..., /api/v1/search-console...  refreshing this site's posts, its Search Console (plugin-refresh-routes.ts)
// Posts and generations are this site's only: those it started and those its content plans prepared (another
// site's, or one written on the site or in the Shopify app, is 404 like a missing one).
//   GET    /api/v1/openapi.json                   the OpenAPI 3.1 document
//
// Errors are { message, code? }: 401 site_disconnected, 402 quota_reached (with upgradeUrl), 429 rate_limited (with
// Retry-After), 503 model_unavailable (the AI model) or unavailable (another service not set up or down), 502
// upstream_failed (a store, a site or Google refused or could not be reached), 400 for bad input.
import express, { type ErrorRequestHandler, type Request, type RequestHandler, Router } from "express";
import { ipKeyGenerator } from "express-rate-limit";
import { createWriter, isModelFailure, type Writer } from "@postwright/core/ai";
import {
  getGenerationJob,
  getPost,
  parsePostId,
  recordWordpressPublication,
  startGenerationJob,
  suggestTitles,
  updatePost,
} from "@postwright/core/blog";
import { apiV1Contract as contract } from "@postwright/core/contracts/api-v1";
import { buildApiV1OpenApi } from "@postwright/core/contracts/openapi";
import { AppError, isAppError, notFound } from "@postwright/core/errors";
import {
  authenticateSiteCredential,
  describePluginSite,
  exchangeConnectCode,
  resolvePublishTarget,
  revokeSiteCredential,
  siteDisconnected,
  type SiteIdentity,
} from "@postwright/core/connections";
import { readStoreFeatured } from "@postwright/core/facts";
import { analyzePostSeo } from "@postwright/core/seo";
import type { ServerContext } from "../context.ts";
import { implement } from "../http/contract-routes.ts";
import { errorHandler } from "../http/errors.ts";
import { createRateLimit } from "../http/rate-limit.ts";
import { addContentPlanRoutes } from "./content-plan-routes.ts";
import { addPluginSiteIndexRoutes } from "./plugin-site-index-routes.ts";
import { addPluginSitePostsRoutes } from "./plugin-site-posts-routes.ts";
import { addPluginVoiceRoutes } from "./plugin-voice-routes.ts";
import { addPluginRefreshRoutes } from "./plugin-refresh-routes.ts";
import { addPluginScheduleRoutes } from "./plugin-schedule-routes.ts";
import { connectionDeps } from "./publishing.ts";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The site whose credential authenticated this /api/v1 request. */
      site?: SiteIdentity;
    }
  }
}

export interface ApiV1RouterOptions {
  /** The writer; by default the one the configuration selects (a model when OPENAI_* is set, else offline). */
  writer?: Writer;
  /** Told of each background generation (tests wait for them). */
  track?: (work: Promise<void>) => void;
  /** Requests per site per minute. */
  requestsPerMinute?: number;
  /** Code exchanges per client address per minute. */
  exchangesPerMinute?: number;
}

/** Calls a site may make per minute: enough for an editor's sidebar re-analysing as the author types. */
export const apiV1RequestsPerMinute = 120;
/** Code exchanges per address per minute: a connection needs one; several sites may share a host's address. */
export const apiV1ExchangesPerMinute = 30;

export function createApiV1Router(ctx: ServerContext, options: ApiV1RouterOptions = {}): Router {
  const writer =
    options.writer ?? createWriter({ openai: ctx.config.openai, logger: ctx.logger, siteUrl: ctx.config.appUrl });
  const prisma = ctx.db.prisma;
  const upgradeUrl = new URL("/pricing", ctx.config.appUrl).href;
  const perMinute = options.requestsPerMinute ?? apiV1RequestsPerMinute;
  const openApi = buildApiV1OpenApi({
    serverUrl: new URL("/api/v1", ctx.config.appUrl).href,
  });
  const router = Router();

  // Counted in the shared database, so every instance sees one count per site and a restart forgets nothing.
  const limited = (limit: number, key: (req: Request) => string): RequestHandler =>
    createRateLimit(
      ctx,
      "api-v1",
      { windowMs: 60_000, limit },
      "Too many requests from this site in a short time. Please wait a minute.",
      { keyGenerator: key, details: { code: "rate_limited" } },
    );

  router.use(express.json({ limit: "2mb" }));
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  implement(router, contract.openApi, () => ({ status: 200, body: openApi }));

  implement(
    router,
    contract.exchangeConnectCode,
    async ({ body }) => ({
      status: 200,
      body: await exchangeConnectCode({ ...connectionDeps(ctx), logger: ctx.logger }, body()),
    }),
    [
      limited(
        options.exchangesPerMinute ?? apiV1ExchangesPerMinute,
        (req) => `exchange:${ipKeyGenerator(req.ip ?? "")}`,
      ),
    ],
  );

  // Everything below needs the site's credential.
  router.use(async (req, _res, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get("authorization") ?? "");
    if (!match?.[1]) throw siteDisconnected();
    req.site = await authenticateSiteCredential({ prisma }, { credential: match[1] });
    next();
  });
  router.use(limited(perMinute, (req) => `site:${req.site?.siteId ?? ""}`));
  const site = (req: Request): SiteIdentity => {
    if (!req.site) throw siteDisconnected();
    return req.site;
  };
  // Posts and generations reach only this site's own: those it asked for and those of its content plans.
  const siteScope = (req: Request) => ({ userId: site(req).userId, wordpressConnectionId: site(req).connectionId });

  implement(router, contract.getSite, async ({ req }) => ({
    status: 200,
    body: await describePluginSite({ prisma, upgradeUrl }, site(req)),
  }));

  implement(router, contract.disconnectSite, async ({ req }) => {
    const { userId, siteId } = site(req);
    await revokeSiteCredential({ ...connectionDeps(ctx), logger: ctx.logger }, { userId, siteId });
    return { status: 204 };
  });

  implement(router, contract.optimizeTitle, async ({ req, body }) => ({
    status: 200,
    body: await suggestTitles({ prisma, writer }, site(req).userId, body()),
  }));

  implement(router, contract.startGeneration, async ({ req, body }) => {
    const input = body();
    const { userId, connectionId } = site(req);
    // The products to feature are read from the site's own WooCommerce (a Shopify product from the store in use)
    // before the job starts: one that is gone, or a store that cannot be read, is refused at once.
    const store = input.featured.length
      ? await readStoreFeatured(
          {
            resolveTarget: (target) =>
              resolvePublishTarget(connectionDeps(ctx), {
                ...target,
                ...(target.platform === "wordpress" ? { connectionId } : {}),
              }),
            logger: ctx.logger,
          },
          { userId, ids: input.featured },
        )
      : undefined;
    const job = await startGenerationJob(
      { prisma, writer, logger: ctx.logger, track: options.track, siteUrl: site(req).siteUrl },
      { userId, input, wordpressConnectionId: connectionId, ...store },
    );
    return { status: 202, body: job };
  });

  implement(router, contract.getGeneration, async ({ req, params }) => {
    const jobId = params.id;
    if (!/^[0-9a-f-]{36}$/i.test(jobId)) throw notFound("This generation does not exist.");
    return { status: 200, body: await getGenerationJob({ prisma }, { ...siteScope(req), jobId }) };
  });

  implement(router, contract.getPost, async ({ req, params }) => {
    const postId = parsePostId(params.id);
    return { status: 200, body: await getPost({ prisma }, { ...siteScope(req), postId }) };
  });

  implement(router, contract.updatePost, async ({ req, params, body }) => {
    const postId = parsePostId(params.id);
    const patch = body();
    return {
      status: 200,
      body: await updatePost({ prisma, siteUrl: site(req).siteUrl }, { ...siteScope(req), postId, patch }),
    };
  });

  implement(router, contract.analyzeSeo, ({ req, body }) => {
    const { siteUrl } = site(req);
    return { status: 200, body: analyzePostSeo(body(), { siteUrl }) };
  });

  implement(router, contract.recordWordpressPublication, async ({ req, params, body }) => {
    const postId = parsePostId(params.id);
    const publication = body();
    await recordWordpressPublication({ prisma }, { ...siteScope(req), postId, publication });
    return { status: 204 };
  });

  // Scheduled through the service's scheduler, to this site, like a schedule made on the site.
  addPluginScheduleRoutes(router, ctx, contract, site);

  // The site's own index and its Retry, in the words every surface shows.
  addPluginSiteIndexRoutes(router, ctx, contract, site);
  addPluginSitePostsRoutes(router, ctx, contract, site);
  // Refreshing its posts in place, and its Search Console connection.
  addPluginRefreshRoutes(router, ctx, contract, site);
  // Its Brand voice: read from its posts, started from a preset, or edited.
  addPluginVoiceRoutes(router, ctx, contract, site);

  // The autopilot, the same routes as the site's own: a plan created here always publishes to this site.
  addContentPlanRoutes(router, ctx, contract, {
    writer,
    scope: (req) => ({ userId: site(req).userId, wordpressConnectionId: site(req).connectionId }),
  });

  router.use((req, res) => {
    res.status(404).json({ message: `There is no API endpoint ${req.method} ${req.originalUrl.split("?")[0]}.` });
  });
  router.use(contractErrors(upgradeUrl));
  router.use(errorHandler);
  return router;
}

/**
 * The contract's error codes: a used-up quota is 402 with the upgrade address; the AI model's failures are 503
 * model_unavailable; a store, a site or Google letting the request down is 502 upstream_failed, and a service not set
 * up or not reachable just now 503 unavailable, each with its own message (never the model's words for another's fault).
 */
function contractErrors(upgradeUrl: string): ErrorRequestHandler {
  return (error, _req, _res, next) => {
    if (!isAppError(error)) return next(error);
    if (error.code === "FORBIDDEN" && error.details && "blogPostLimit" in error.details) {
      return next(
        new AppError("PAYMENT_REQUIRED", error.message, {
          details: { ...error.details, code: "quota_reached", upgradeUrl },
        }),
      );
    }
    if (error.code === "UPSTREAM" || error.code === "UNAVAILABLE") {
      const model = isModelFailure(error);
      return next(
        new AppError(model ? "UNAVAILABLE" : error.code, error.message, {
          internal: error.internal,
          details: {
            ...error.details,
            code: model ? "model_unavailable" : error.code === "UPSTREAM" ? "upstream_failed" : "unavailable",
          },
        }),
      );
    }
    next(error);
  };
}
