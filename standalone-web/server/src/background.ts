// Work that runs beside the HTTP server in every app instance: seeding the plan catalogue, pruning expired sessions
// and registrations, and (when enabled) the publication scheduler.
import { pruneEmailVerifications } from "@postwright/core/accounts";
import type { ServerContext } from "./context.ts";

export interface BackgroundWork {
  stop(): Promise<void>;
}

const HOUR = 60 * 60 * 1000;

export async function startBackgroundWork(ctx: ServerContext): Promise<BackgroundWork> {
  const { prisma } = ctx.db;
  const prune = () => {
    prisma.session
      .deleteMany({ where: { expire: { lte: new Date() } } })
      .catch((err: unknown) => ctx.logger.warn({ err }, "could not prune expired sessions"));
    pruneEmailVerifications({ prisma }).catch((err: unknown) =>
      ctx.logger.warn({ err }, "could not prune expired registrations"),
    );
  };
  const pruning = setInterval(prune, HOUR);
  pruning.unref();
  return {
    async stop() {
      clearInterval(pruning);
    },
  };
}
