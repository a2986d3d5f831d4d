// The baseline of the API benchmark: a bare Node http server answering a fixed JSON document, in one process, or in
// as many as the second argument says (node:cluster, for comparison with Postwright's WEB_CONCURRENCY).
import cluster from "node:cluster";
import { createServer } from "node:http";

const processes = Number(process.argv[3] ?? 1);
if (processes > 1 && cluster.isPrimary) {
  for (let i = 0; i < processes; i++) cluster.fork();
  process.on("SIGTERM", () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
  });
} else {
  const body = JSON.stringify({
    id: 1,
    email: "bench@example.com",
    firstName: "Bench",
    lastName: "User",
    subscriptionPlan: "free",
  });
  createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
    res.end(body);
  }).listen(Number(process.argv[2]), "127.0.0.1");
}
