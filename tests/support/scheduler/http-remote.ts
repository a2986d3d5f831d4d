// A remote platform as a tiny local HTTP server, for tests where the publishing process is a separate OS process
// (and may be killed). Same rules as the in-memory recording remote: look up by remote id, then by handle, and only
// then create. A hook runs before a creation is answered, so a test can kill the caller after the article exists
// but before the caller hears of it.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Platform } from "@postwright/core/contracts";
import { PublishError, type PublishTarget } from "../../../core/src/publishing/types.ts";

export interface HttpRemoteArticle {
  id: string;
  platform: string;
  handle: string;
  title: string;
}

export interface HttpRemote {
  url: string;
  /** Articles by "platform:handle". */
  readonly articles: Map<string, HttpRemoteArticle>;
  readonly creations: Map<string, number>;
  readonly stats: { calls: number; creations: number; updates: number; foundByHandle: number };
  /** Runs after the nth article is created and before the answer is sent; a closed connection is tolerated. */
  beforeCreateAnswer: ((creation: number, article: HttpRemoteArticle) => Promise<void> | void) | undefined;
  close(): Promise<void>;
}

interface PublishRequest {
  platform: string;
  handle: string;
  title: string;
  remoteId: string | null;
}

export async function startHttpRemote(): Promise<HttpRemote> {
  const articles = new Map<string, HttpRemoteArticle>();
  const byId = new Map<string, HttpRemoteArticle>();
  const creations = new Map<string, number>();
  const stats = { calls: 0, creations: 0, updates: 0, foundByHandle: 0 };
  let nextId = 5000;

  const remote: HttpRemote = {
    url: "",
    articles,
    creations,
    stats,
    beforeCreateAnswer: undefined,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = JSON.parse(await readBody(req)) as PublishRequest;
      stats.calls += 1;
      const key = `${body.platform}:${body.handle}`;
      let article = body.remoteId ? byId.get(body.remoteId) : undefined;
      if (!article && (article = articles.get(key))) stats.foundByHandle += 1;
      if (article) {
        article.title = body.title;
        stats.updates += 1;
      } else {
        article = { id: String(nextId++), platform: body.platform, handle: body.handle, title: body.title };
        articles.set(key, article);
        byId.set(article.id, article);
        creations.set(key, (creations.get(key) ?? 0) + 1);
        stats.creations += 1;
        await remote.beforeCreateAnswer?.(stats.creations, article);
      }
      if (res.destroyed) return;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ remoteId: article.id, remoteUrl: `http://remote.test/${body.platform}/${article.handle}` }));
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  remote.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return remote;
}

/** A PublishTarget that publishes through an HttpRemote. */
export function createHttpTarget(baseUrl: string, platform: Platform): PublishTarget {
  return {
    platform,
    async publish(post, previous) {
      const response = await fetch(`${baseUrl}/publish`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ platform, handle: post.handle, title: post.title, remoteId: previous.remoteId }),
      }).catch((cause: unknown) => {
        throw new PublishError("The remote platform could not be reached.", { transient: true, cause });
      });
      if (!response.ok) throw new PublishError(`The remote platform answered ${response.status}.`, { transient: true });
      return (await response.json()) as { remoteId: string; remoteUrl: string };
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
