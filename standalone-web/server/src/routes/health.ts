import type { Router } from "express";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import type { ServerContext } from "../context.ts";
import { ANSWERED, contractRouter } from "../http/contract-routes.ts";

/**
 * Liveness and readiness for load balancers and docker-compose health checks: 200 when the database answers, 503
 * (so a load balancer takes the instance out of rotation) when it does not. Declared in @postwright/core/contracts
 * (site-api/health.ts).
 */
export function createHealthRouter(ctx: ServerContext): Router {
  const { router, route } = contractRouter(ctx);
  route(contract.getHealth, async ({ res }) => {
    try {
      await ctx.db.prisma.$queryRaw`SELECT 1`;
    } catch (err) {
      ctx.logger.warn({ err }, "health check: the database does not answer");
      res
        .status(503)
        .json({ status: "unavailable", database: ctx.db.engine, message: "The database does not answer." });
      return ANSWERED;
    }
    return { status: 200, body: { status: "ok" as const, database: ctx.db.engine } };
  });
  return router;
}
