// Rate limits of the API, counted in the shared database (@postwright/core/limits) so that every instance and
// process sees one count and a restart forgets nothing. express-rate-limit does the HTTP side (keys, headers,
// skipping failed or successful requests); this store keeps its counts.
import { rateLimit, type Options, type RateLimitRequestHandler, type Store } from "express-rate-limit";
import type { Prisma } from "@postwright/core/db";
import { AppError } from "@postwright/core/errors";
import { countRateLimitHits, hitRateLimit, resetRateLimit, takeBackRateLimitHit } from "@postwright/core/limits";
import type { Request } from "express";
import type { ServerContext } from "../context.ts";
import { emailOf } from "./sign-in-throttle.ts";

/** express-rate-limit's store over the rate_limits table; `prefix` keeps each limit's keys apart. */
export class DatabaseRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;

  constructor(
    private readonly prisma: Prisma,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private key(key: string): string {
    return `${this.prefix}:${key}`;
  }

  async get(key: string) {
    const totalHits = await countRateLimitHits({ prisma: this.prisma }, this.key(key));
    return { totalHits, resetTime: undefined };
  }

  async increment(key: string) {
    const { hits, resetAt } = await hitRateLimit(
      { prisma: this.prisma },
      { key: this.key(key), windowMs: this.windowMs },
    );
    return { totalHits: hits, resetTime: resetAt };
  }

  async decrement(key: string): Promise<void> {
    await takeBackRateLimitHit({ prisma: this.prisma }, this.key(key));
  }

  async resetKey(key: string): Promise<void> {
    await resetRateLimit({ prisma: this.prisma }, this.key(key));
  }
}

export interface RateLimitSettings {
  windowMs: number;
  limit: number;
}

/**
 * A rate limit named `name` (unique per limit: it prefixes the keys), refusing with 429 and `message` (and `details`,
 * when given, in the error body) once `limit` requests were counted in `windowMs`. Extra express-rate-limit options
 * (keyGenerator, skip...) may be given.
 */
export function createRateLimit(
  ctx: Pick<ServerContext, "db">,
  name: string,
  { windowMs, limit }: RateLimitSettings,
  message: string,
  { details, ...options }: Partial<Options> & { details?: Record<string, unknown> } = {},
): RateLimitRequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    store: new DatabaseRateLimitStore(ctx.db.prisma, name),
    handler: (_req, _res, next) => next(new AppError("RATE_LIMITED", message, details ? { details } : {})),
    ...options,
  });
}

const MINUTE = 60_000;

/**
 * A rate limit (as createRateLimit) whose refusal also says when to try again, counted per client address (the
 * default), per email named in the JSON body (a request naming none is not counted: its schema refuses it), or per
 * signed-in user.
 */
export function createKeyedRateLimit(
  ctx: Pick<ServerContext, "db">,
  name: string,
  settings: RateLimitSettings,
  message: string,
  { per = "ip", ...options }: Partial<Options> & { per?: "ip" | "email" | "user" } = {},
): RateLimitRequestHandler {
  const minutes = Math.round(settings.windowMs / MINUTE);
  return createRateLimit(ctx, name, settings, `${message} Please try again in ${minutes} minutes.`, {
    ...(per === "email"
      ? { keyGenerator: (req: Request) => emailOf(req) ?? "", skip: (req: Request) => emailOf(req) === undefined }
      : {}),
    ...(per === "user" ? { keyGenerator: (req: Request) => `user:${req.user?.id ?? "none"}` } : {}),
    ...options,
  });
}
