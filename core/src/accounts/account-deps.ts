import type { Prisma } from "../db/client.ts";
import type { Config } from "../env.ts";
import type { Mailer } from "../mail/create-mailer.ts";

/** What the account functions need. `now` is the clock, replaceable in tests. */
export interface AccountDeps {
  prisma: Prisma;
  mailer: Mailer;
  config: Pick<Config, "appUrl">;
  now?: () => Date;
}

export const clock = (deps: { now?: () => Date }): Date => (deps.now ? deps.now() : new Date());
