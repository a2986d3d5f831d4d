// The contact form: stored, forwarded to the site's team by email, and rate limited per client address. The route is
// declared in @postwright/core/contracts (site-api.ts).
import type { Router } from "express";
import { siteApiContract } from "@postwright/core/contracts/site-api";
import { submitContactMessage } from "@postwright/core/mail";
import type { ServerContext } from "../context.ts";
import { contractRouter } from "../http/contract-routes.ts";
import { createRateLimit } from "../http/rate-limit.ts";

/** Accepted messages per client address; a form refused for a typo does not count. */
export const contactRateLimit = { windowMs: 60 * 60_000, limit: 10 } as const;

export function createContactRouter(ctx: ServerContext): Router {
  const deps = {
    prisma: ctx.db.prisma,
    mailer: ctx.mailer,
    contactTo: ctx.config.mail.contactTo,
    logger: ctx.logger,
  };
  const { router, route } = contractRouter(ctx);
  const perIp = createRateLimit(
    ctx,
    "contact-ip",
    contactRateLimit,
    "You have sent several messages already. Please try again in an hour.",
    { skipFailedRequests: true },
  );

  route(
    siteApiContract.submitContactMessage,
    async ({ user, body }) => {
      const { message } = await submitContactMessage(deps, body(), { userId: user?.id });
      return { status: 200, body: { message } };
    },
    [perIp],
  );

  return router;
}
