// The baseline of the API benchmark: a bare Node http server answering a fixed JSON document.
import { createServer } from "node:http";

const body = JSON.stringify({ id: 1, email: "bench@example.com", firstName: "Bench", lastName: "User", subscriptionPlan: "free" });
createServer((_req, res) => {
  res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.argv[2]), "127.0.0.1");
