// An in-memory stand-in for the remote platforms with real state, for scheduler tests: articles by handle and id,
// a look-up before any creation (as the real targets do), and a create that refuses a handle that already exists.
// Small random latencies open the window in which two workers publishing the same post at once would both create.
import type { Platform } from "@postwright/core/contracts";
import type { PublishablePost, PublishResult, PublishTarget } from "../../../core/src/publishing/types.ts";

export interface RemoteArticle {
  id: string;
  platform: Platform;
  handle: string;
  title: string;
  updates: number;
}

export interface RecordingRemote {
  target(platform: Platform): PublishTarget;
  /** Articles by "platform:handle". */
  readonly articles: Map<string, RemoteArticle>;
  /** Articles created, per "platform:handle" (more than 1 would be a duplicate). */
  readonly creations: Map<string, number>;
  readonly stats: { calls: number; creations: number; updates: number; refusedDuplicates: number };
}

export function createRecordingRemote(options: { maxLatencyMs?: number } = {}): RecordingRemote {
  const articles = new Map<string, RemoteArticle>();
  const byId = new Map<string, RemoteArticle>();
  const creations = new Map<string, number>();
  const stats = { calls: 0, creations: 0, updates: 0, refusedDuplicates: 0 };
  const maxLatency = options.maxLatencyMs ?? 0;
  const latency = () => (maxLatency ? new Promise((r) => setTimeout(r, Math.random() * maxLatency)) : Promise.resolve());
  let nextId = 1000;

  const publish = async (platform: Platform, post: PublishablePost, previous: { remoteId: string | null }): Promise<PublishResult> => {
    stats.calls += 1;
    const key = `${platform}:${post.handle}`;
    await latency();
    const found = (previous.remoteId ? byId.get(previous.remoteId) : undefined) ?? articles.get(key);
    await latency();
    if (found) {
      found.title = post.title;
      found.updates += 1;
      stats.updates += 1;
      return { remoteId: found.id, remoteUrl: `https://${platform}.example/blogs/news/${found.handle}` };
    }
    if (articles.has(key)) {
      stats.refusedDuplicates += 1;
      throw new Error(`An article with the handle ${post.handle} already exists`);
    }
    const article: RemoteArticle = { id: String(nextId++), platform, handle: post.handle, title: post.title, updates: 0 };
    articles.set(key, article);
    byId.set(article.id, article);
    creations.set(key, (creations.get(key) ?? 0) + 1);
    stats.creations += 1;
    return { remoteId: article.id, remoteUrl: `https://${platform}.example/blogs/news/${article.handle}` };
  };

  return {
    target: (platform) => ({ platform, publish: (post, previous) => publish(platform, post, previous) }),
    articles,
    creations,
    stats,
  };
}
