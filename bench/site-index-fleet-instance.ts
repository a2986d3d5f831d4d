// One instance of the site-index-fleet benchmark in a process of its own (`--processes`): a site indexer on the
// benchmark's PostgreSQL database, reading the stores from the benchmark's fake Shopify, as a deployed instance does.
// Started by bench/site-index-fleet.bench.ts with fork(); it tells the benchmark each store it finished, and when asked
// to stop, the first and last request it sent to each store and the points the large stores' reads cost.
import { ShopifyCostPacer } from "../core/src/publishing/shopify/index.ts";
import { createDatabase } from "../core/src/db/client.ts";
import { createSiteIndexer } from "../core/src/site-index/index.ts";

export interface FleetInstanceSetup {
  databaseUrl: string;
  encryptionKeyHex: string;
  shopifyApiBaseUrl: string;
  instanceId: string;
  readers: number;
}

export type FleetInstanceMessage =
  | { type: "started" }
  | { type: "ready"; jobId: number; at: number }
  | {
      type: "stopped";
      spans: Array<[shop: string, first: number, last: number]>;
      points: Array<[shop: string, points: number]>;
    };

const send = (message: FleetInstanceMessage) => process.send!(message);

async function run(setup: FleetInstanceSetup): Promise<void> {
  const db = await createDatabase({ databaseUrl: setup.databaseUrl, maxConnections: 10 });
  const spans = new Map<string, { first: number; last: number }>();
  const points = new Map<string, number>();
  const tracked: typeof fetch = async (input, init) => {
    const shop = new URL(String(input instanceof Request ? input.url : input)).pathname.split("/")[2] ?? "";
    const now = Date.now();
    const span = spans.get(shop);
    if (span) span.last = now;
    else spans.set(shop, { first: now, last: now });
    const response = await fetch(input, init);
    if (shop.startsWith("large-")) {
      const body = (await response.clone().json()) as { extensions?: { cost?: { actualQueryCost?: number } } };
      points.set(shop, (points.get(shop) ?? 0) + (body.extensions?.cost?.actualQueryCost ?? 0));
    }
    spans.get(shop)!.last = Date.now();
    return response;
  };
  const reported = new Set<number>();
  const indexer = createSiteIndexer(
    {
      prisma: db.prisma,
      encryptionKey: Buffer.from(setup.encryptionKeyHex, "hex"),
      fetch: tracked,
      shopifyApiBaseUrl: setup.shopifyApiBaseUrl,
      shopifyPacer: new ShopifyCostPacer(),
    },
    {
      instanceId: setup.instanceId,
      readers: setup.readers,
      intervalMs: 1000,
      onOutcome: (outcome, jobId) => {
        if (outcome !== "ready" || reported.has(jobId)) return;
        reported.add(jobId);
        send({ type: "ready", jobId, at: Date.now() });
      },
    },
  );
  process.on("message", (message: { type?: string }) => {
    if (message.type === "start") indexer.start();
    if (message.type !== "stop") return;
    void (async () => {
      await indexer.stop();
      await db.close();
      send({
        type: "stopped",
        spans: [...spans].map(([shop, s]) => [shop, s.first, s.last]),
        points: [...points],
      });
      process.disconnect();
    })();
  });
  send({ type: "started" });
}

await run(JSON.parse(process.env.FLEET_INSTANCE ?? "{}") as FleetInstanceSetup);
