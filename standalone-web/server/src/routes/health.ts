import { Router } from "express";
import type { ServerContext } from "../context.ts";

/**
 * Liveness and readiness for load balancers and docker-compose health checks: 200 when the database answers, 503
 * (so a load balancer takes the instance out of rotation) when it does not.
 */
export function createHealthRouter(ctx: ServerContext): Router {
  const router = Router();
  router.get("/health", async (_req, res) => {
    try {
      await ctx.db.prisma.$queryRaw`SELECT 1`;
    } catch (err) {
      ctx.logger.warn({ err }, "health check: the database does not answer");
      res.status(503).json({ status: "unavailable", database: ctx.db.engine, message: "The database does not answer." });
      return;
    }
    res.json({ status: "ok", database: ctx.db.engine });
  });
  return router;
}
