// The baseline of the landing benchmark's throughput: a bare Node http server answering fixed paths with fixed bytes
// (the same bodies and content headers the site sent), read from a manifest of { path, file, headers } entries.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [port, manifest] = process.argv.slice(2);
const answers = new Map(
  JSON.parse(readFileSync(manifest, "utf8")).map(({ path, file, headers }) => {
    const body = readFileSync(file);
    return [path, { body, headers: { ...headers, "Content-Length": body.length } }];
  }),
);
createServer((req, res) => {
  const answer = answers.get(req.url);
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, answer.headers);
  res.end(answer.body);
}).listen(Number(port), "127.0.0.1");
