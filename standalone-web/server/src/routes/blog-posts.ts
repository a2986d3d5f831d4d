// Blog posts of the signed-in user: generation (plain JSON, or with progress as server-sent events), the lists,
// one post, saving an edit, and title suggestions. Every route requires a signed-in user (401 JSON otherwise), and
// each is implemented from its declaration (@postwright/core/contracts, site-api/blog-posts.ts).
import type { Request, Response, Router } from "express";
import { createWriter, type Writer } from "@postwright/core/ai";
import {
  generatePost,
  getPost,
  listPosts,
  listScheduledPosts,
  suggestTitles,
  parsePostId,
  removePostLink,
  updatePost,
} from "@postwright/core/blog";
import {
  GENERATION_HEARTBEAT,
  type GenerationEventData,
  type GenerationEventName,
  type GenerationFailure,
  generationEvent,
} from "@postwright/core/contracts/generation-stream";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { isAppError } from "@postwright/core/errors";
import { readStoreFeatured } from "@postwright/core/facts";
import type { ServerContext } from "../context.ts";
import { ANSWERED, CLIENT_GONE, contractRouter } from "../http/contract-routes.ts";
import { createRateLimit } from "../http/rate-limit.ts";
import { storeProductsDeps } from "./store-products.ts";

export interface BlogPostsRouterOptions {
  /** The writer; by default the one the configuration selects (a model when OPENAI_* is set, else offline). */
  writer?: Writer;
  /** How often an event stream that has nothing to say sends a comment to keep proxies from closing it. */
  heartbeatMs?: number;
}

/** Title suggestions per user: the panel asks after every pause in typing, and each may be a model call. */
export const titleSuggestionRateLimit = { windowMs: 60_000, limit: 30 } as const;

const DEFAULT_HEARTBEAT_MS = 15_000;
const INTERNAL_ERROR = "Something went wrong on our side. Please try again in a moment.";
export const RESTARTING =
  "The server is restarting, so this post was not finished. It does not count against your posts: please generate it again in a moment.";

export function createBlogPostsRouter(ctx: ServerContext, options: BlogPostsRouterOptions = {}): Router {
  const writer =
    options.writer ?? createWriter({ openai: ctx.config.openai, logger: ctx.logger, siteUrl: ctx.config.appUrl });
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const prisma = ctx.db.prisma;
  const { router, route } = contractRouter(ctx);

  const titleSuggestionsPerUser = createRateLimit(
    ctx,
    "title-suggestions-user",
    titleSuggestionRateLimit,
    "Too many title suggestions in a short time. Please wait a minute.",
    { keyGenerator: (req: Request) => String(req.user?.id ?? "") },
  );

  /**
   * POST /api/blog-posts/generate: plain JSON by default, or with "Accept: text/event-stream" the same call's progress
   * as server-sent events (stage, part, then result or error; the declaration's description lists them). Anything
   * refused before the generation starts (invalid input, signed out, quota used up) is an ordinary JSON error with its
   * status either way. Closing the connection does not cancel the generation: the post is still written, stored and
   * counted (it appears in the list of posts). If the server shuts down mid-generation, the post is not stored and not
   * counted.
   */
  route(contract.generatePost, async ({ req, res, user, body }) => {
    const input = body();
    // Only the picked IDs come from the form: names, prices, stock and links are read from the stores themselves
    // (a product that is gone, or a store not connected, is refused before the writing starts).
    const store = input.featured.length
      ? await readStoreFeatured(storeProductsDeps(ctx), { userId: user.id, ids: input.featured })
      : undefined;
    // A client that goes away does not stop the generation: the model's work is paid for either way, so the post is
    // finished, stored (it appears in the user's posts) and counted. Only a server shutdown stops it.
    const cancel = new AbortController();
    // A shutdown that cannot wait for this generation any longer stops it; the quota is given back.
    const stopForShutdown = () => cancel.abort();
    ctx.shutdown.signal.addEventListener("abort", stopForShutdown, { once: true });
    res.on("close", () => ctx.shutdown.signal.removeEventListener("abort", stopForShutdown));
    const stream = wantsEventStream(req) ? createEventStream(res, heartbeatMs) : undefined;
    try {
      const result = await generatePost(
        { prisma, writer, logger: ctx.logger, siteUrl: ctx.config.appUrl },
        {
          userId: user.id,
          input,
          ...(store ? { featured: store.featured, productFacts: store.productFacts } : {}),
          signal: cancel.signal,
          onStage: stream ? (stage) => stream.send("stage", { stage }) : undefined,
          onPart: stream ? (part) => stream.send("part", part) : undefined,
        },
      );
      if (!stream) return { status: 200, body: result };
      stream.end("result", result);
      return ANSWERED;
    } catch (error) {
      if (cancel.signal.aborted && ctx.shutdown.signal.aborted && !res.destroyed) {
        ctx.logger.info({ userId: user.id }, "generation stopped: the server is shutting down");
        if (stream?.started) stream.end("error", { status: 503, message: RESTARTING });
        else res.status(503).json({ message: RESTARTING });
        return ANSWERED;
      }
      if (!stream?.started) throw error;
      stream.end("error", errorEvent(ctx, error, user.id));
      return ANSWERED;
    }
  });

  route(contract.listPosts, async ({ user }) => ({ status: 200, body: await listPosts({ prisma }, user.id) }));

  route(contract.listScheduledPosts, async ({ user }) => ({
    status: 200,
    body: await listScheduledPosts({ prisma }, user.id),
  }));

  route(
    contract.suggestTitles,
    async ({ res, user, body }) => {
      const input = body();
      const cancel = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) cancel.abort();
      });
      try {
        return {
          status: 200,
          body: await suggestTitles({ prisma, writer }, user.id, input, { signal: cancel.signal }),
        };
      } catch (error) {
        // The title changed again and the panel dropped this request: nobody is waiting for an answer.
        if (!cancel.signal.aborted) throw error;
        return CLIENT_GONE;
      }
    },
    [titleSuggestionsPerUser],
  );

  route(contract.getPost, async ({ user, params }) => ({
    status: 200,
    body: await getPost({ prisma }, { userId: user.id, postId: parsePostId(params.id) }),
  }));

  route(contract.updatePost, async ({ user, params, body }) => {
    const postId = parsePostId(params.id);
    const patch = body();
    return {
      status: 200,
      body: await updatePost({ prisma, siteUrl: ctx.config.appUrl }, { userId: user.id, postId, patch }),
    };
  });

  route(contract.removePostLink, async ({ user, params, body }) => {
    const postId = parsePostId(params.id);
    const input = body();
    return {
      status: 200,
      body: await removePostLink({ prisma, siteUrl: ctx.config.appUrl }, { userId: user.id, postId, input }),
    };
  });

  return router;
}

function wantsEventStream(req: Request): boolean {
  return (req.get("accept") ?? "").toLowerCase().includes("text/event-stream");
}

/** The generation's events (declared in @postwright/core/contracts/generation-stream) on one response. */
interface EventStream {
  /** True once the response has begun (the status and headers are sent). */
  readonly started: boolean;
  send<E extends GenerationEventName>(event: E, data: GenerationEventData<E>): void;
  end<E extends GenerationEventName>(event: E, data: GenerationEventData<E>): void;
}

/** A server-sent event stream that opens with its first event, so that earlier failures keep their HTTP status. */
function createEventStream(res: Response, heartbeatMs: number): EventStream {
  let heartbeat: NodeJS.Timeout | undefined;
  const stop = () => clearInterval(heartbeat);
  res.on("close", stop);

  const open = () => {
    if (res.headersSent) return;
    res.status(200);
    res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
    res.setHeader("Cache-Control", "no-cache, no-transform");
    res.setHeader("X-Accel-Buffering", "no");
    res.flushHeaders();
    heartbeat = setInterval(() => res.write(GENERATION_HEARTBEAT), heartbeatMs);
    heartbeat.unref();
  };
  const write = <E extends GenerationEventName>(event: E, data: GenerationEventData<E>) => {
    if (res.writableEnded || res.destroyed) return;
    open();
    res.write(generationEvent(event, data));
  };

  return {
    get started() {
      return res.headersSent;
    },
    send: write,
    end(event, data) {
      write(event, data);
      stop();
      if (!res.writableEnded) res.end();
    },
  };
}

/** The error event of a stream: what the JSON error handler would have answered, with its status in the body. */
function errorEvent(ctx: ServerContext, error: unknown, userId: number): GenerationFailure {
  if (isAppError(error)) {
    const log = error.status >= 500 ? ctx.logger.warn.bind(ctx.logger) : ctx.logger.info.bind(ctx.logger);
    log({ userId, code: error.code, internal: error.internal }, error.message);
    return { status: error.status, message: error.message, ...(error.details ?? {}) };
  }
  ctx.logger.error({ err: error, userId }, "generation failed");
  return { status: 500, message: INTERNAL_ERROR };
}
