// A scheduler in its own process, publishing to an HttpRemote until nothing is due. The crash test kills it with
// SIGKILL halfway. Configuration comes from the environment:
//   SCHEDULER_DATABASE_URL (PostgreSQL) or SCHEDULER_DATA_DIR (embedded PGlite, owned by this process while it runs),
//   SCHEDULER_REMOTE_URL, SCHEDULER_INSTANCE_ID.
import { createDatabase } from "@postwright/core/db";
import { createScheduler } from "@postwright/core/scheduling";
import { createHttpTarget } from "./http-remote.ts";

const remoteUrl = process.env.SCHEDULER_REMOTE_URL;
if (!remoteUrl) throw new Error("SCHEDULER_REMOTE_URL is required");
const db = await createDatabase({
  databaseUrl: process.env.SCHEDULER_DATABASE_URL || undefined,
  dataDir: process.env.SCHEDULER_DATA_DIR || undefined,
});
const scheduler = createScheduler({
  db,
  resolveTarget: async ({ platform }) => createHttpTarget(remoteUrl, platform),
  instanceId: process.env.SCHEDULER_INSTANCE_ID ?? "crash-worker",
  concurrency: 4,
  batchSize: 4,
});
process.stdout.write("ready\n");
const result = await scheduler.runUntilIdle();
await db.close();
process.stdout.write(`${JSON.stringify(result)}\n`);
