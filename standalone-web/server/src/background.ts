// Work that runs beside the HTTP server in every app instance: seeding the plan catalogue, pruning expired sessions,
// and (when enabled) the publication scheduler.
import type { ServerContext } from "./context.ts";

export interface BackgroundWork {
  stop(): Promise<void>;
}

export async function startBackgroundWork(ctx: ServerContext): Promise<BackgroundWork> {
  const pruneSessions = setInterval(
    () => {
      ctx.db.prisma.session
        .deleteMany({ where: { expire: { lte: new Date() } } })
        .catch((err: unknown) => ctx.logger.warn({ err }, "could not prune expired sessions"));
    },
    60 * 60 * 1000,
  );
  pruneSessions.unref();
  return {
    async stop() {
      clearInterval(pruneSessions);
    },
  };
}
