import { Router } from "express";
import type { ServerContext } from "../context.ts";

/** Liveness and readiness for load balancers and docker-compose health checks. */
export function createHealthRouter(ctx: ServerContext): Router {
  const router = Router();
  router.get("/health", async (_req, res) => {
    await ctx.db.prisma.$queryRaw`SELECT 1`;
    res.json({ status: "ok", database: ctx.db.engine });
  });
  return router;
}
