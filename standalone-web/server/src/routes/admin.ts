// The administrator's API: every user with their plan and usage, and plan changes (audited in core). Access is
// decided here from ADMIN_EMAIL on every request, whatever the page shows.
import { Router } from "express";
import { listUsersForAdmin, setUserSubscription } from "@postwright/core/admin";
import type { ServerContext } from "../context.ts";
import { currentUser, requireAdmin } from "../http/auth.ts";

export function createAdminRouter(ctx: ServerContext): Router {
  const deps = { prisma: ctx.db.prisma };
  const router = Router();
  router.use("/admin", requireAdmin(ctx));

  router.get("/admin/users", async (_req, res) => {
    res.json(await listUsersForAdmin(deps));
  });

  router.post("/admin/set-subscription", async (req, res) => {
    const body = (req.body ?? {}) as { userId?: unknown; planName?: unknown; status?: unknown };
    const result = await setUserSubscription(deps, {
      adminUserId: currentUser(req).id,
      userId: body.userId,
      planName: body.planName,
      status: body.status,
    });
    res.json(result);
  });

  return router;
}
