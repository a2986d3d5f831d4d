// The administrator's API: every user with their plan and usage, and plan changes (audited in core). Access is
// decided here from ADMIN_EMAIL on every request, whatever the page shows. The routes are implemented from their
// declarations (@postwright/core/contracts, site-api/admin.ts).
import type { Router } from "express";
import { listUsersForAdmin, setUserSubscription } from "@postwright/core/admin";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import type { ServerContext } from "../context.ts";
import { requireAdmin } from "../http/auth.ts";
import { contractRouter } from "../http/contract-routes.ts";

export function createAdminRouter(ctx: ServerContext): Router {
  const deps = { prisma: ctx.db.prisma };
  const { router, route } = contractRouter(ctx);
  // Every address under /admin, declared or not, answers only the administrator.
  router.use("/admin", requireAdmin(ctx));

  route(contract.listUsersForAdmin, async () => ({ status: 200, body: await listUsersForAdmin(deps) }));

  route(contract.setUserSubscription, async ({ req, user }) => {
    // The core reads the fields itself, with the form's one message ("Please select user, plan, and status").
    const body = (req.body ?? {}) as { userId?: unknown; planName?: unknown; status?: unknown };
    const result = await setUserSubscription(deps, {
      adminUserId: user.id,
      userId: body.userId,
      planName: body.planName,
      status: body.status,
    });
    return { status: 200, body: result };
  });

  return router;
}
