// "Brand voice": each connected site's voice (read from its posts, a preset, or the owner's edits). The routes are
// declared in @postwright/core/contracts (site-api/voice.ts).
import type { Router } from "express";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { deriveSiteVoice, listSiteVoices, saveSiteVoice } from "@postwright/core/voice";
import type { ServerContext } from "../context.ts";
import { contractRouter } from "../http/contract-routes.ts";
import { connectionDeps } from "./publishing.ts";

export function createVoiceRouter(ctx: ServerContext): Router {
  const { router, route } = contractRouter(ctx);
  const prisma = ctx.db.prisma;

  route(contract.getVoices, async ({ user }) => ({
    status: 200,
    body: await listSiteVoices({ prisma }, { userId: user.id }),
  }));

  route(contract.deriveVoice, async ({ user, body }) => ({
    status: 200,
    body: await deriveSiteVoice(connectionDeps(ctx), { userId: user.id, ...body() }),
  }));

  route(contract.saveVoice, async ({ user, body }) => ({
    status: 200,
    body: await saveSiteVoice({ prisma }, { userId: user.id, ...body() }),
  }));

  return router;
}
