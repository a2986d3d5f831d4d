// "Brand voice" for the plugin: its own site's voice, read from its posts, started from a preset or edited.
//   GET /api/v1/voice          -> { site: SiteVoice, presets }
//   POST /api/v1/voice/derive  -> SiteVoice (409 when the site has no published posts yet)
//   PUT /api/v1/voice          { preset } | { voice: settings } -> SiteVoice
// The site credential reaches only its own site's voice: the body never names a site.
import type { Request, Router } from "express";
import type { ApiV1Contract } from "@postwright/core/contracts/api-v1";
import type { SiteIdentity } from "@postwright/core/connections";
import { isAppError } from "@postwright/core/errors";
import { deriveSiteVoice, getSiteVoice, saveSiteVoice } from "@postwright/core/voice";
import type { ServerContext } from "../context.ts";
import { ANSWERED, implement } from "../http/contract-routes.ts";
import { connectionDeps } from "./publishing.ts";

export function addPluginVoiceRoutes(
  router: Router,
  ctx: ServerContext,
  contract: Pick<ApiV1Contract, "getVoice" | "deriveVoice" | "saveVoice">,
  site: (req: Request) => SiteIdentity,
): void {
  const prisma = ctx.db.prisma;
  /** The calling site, as the voice functions name it. */
  const own = (req: Request) => {
    const { userId, connectionId } = site(req);
    return { userId, platform: "wordpress" as const, connectionId };
  };

  implement(router, contract.getVoice, async ({ req }) => ({
    status: 200,
    body: await getSiteVoice({ prisma }, own(req)),
  }));

  implement(router, contract.deriveVoice, async ({ req, res }) => {
    try {
      return { status: 200, body: await deriveSiteVoice(connectionDeps(ctx), own(req)) };
    } catch (error) {
      // The site's posts could not be read: the reason is the site's, not the AI model's (the API's 503).
      if (!isAppError(error) || error.code !== "UPSTREAM") throw error;
      ctx.logger.warn({ err: error.cause ?? error, ...own(req) }, "site voice not read");
      res.status(502).json({ message: error.message, code: "site_unreadable" });
      return ANSWERED;
    }
  });

  implement(router, contract.saveVoice, async ({ req, body }) => ({
    status: 200,
    body: await saveSiteVoice({ prisma }, { ...own(req), ...body() }),
  }));
}
