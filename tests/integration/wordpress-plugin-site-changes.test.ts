// A post edited in a real WordPress reaches the service's index of that site within moments: the plugin names the
// change in one call when the editor's request ends, and the real service (its Express API on a loopback port)
// applies it. Trashing the post takes it out of the index.
import { cp, mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../standalone-web/server/src/testing/index.ts";
import { connectPluginSite } from "../support/connect-plugin-site.ts";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";

const pluginDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../wp-plugin");

let wordpress: WordPressSite;
let staging: string;
let t: TestApp;
let server: Server;
let connectionId: number;

beforeAll(async () => {
  staging = await mkdtemp(path.join(tmpdir(), "postwright-plugin-"));
  const plugin = path.join(staging, "postwright");
  for (const entry of ["postwright.php", "uninstall.php", "readme.txt", "includes", "languages"]) {
    await cp(path.join(pluginDir, entry), path.join(plugin, entry), { recursive: true });
  }
  [wordpress, t] = await Promise.all([
    startWordPress({ plugins: [plugin] }),
    createTestApp({ env: { ALLOW_PRIVATE_NETWORK_TARGETS: "1" } }),
  ]);
  server = t.app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const serviceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Connected as the plugin's connect flow leaves the site, and its first index already read.
  const { user } = await connectPluginSite(t, wordpress, serviceUrl);
  const connection = await t.db.prisma.wordpressConnection.findFirstOrThrow({ where: { userId: user.id } });
  connectionId = connection.id;
  await t.db.prisma.siteIndexJob.updateMany({
    where: { platform: "wordpress", connectionId },
    data: { state: "ready", indexedAt: new Date(), nextAttemptAt: new Date(Date.now() + 86_400_000) },
  });
}, 300_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await t?.close();
  await wordpress?.stop();
  if (staging) await rm(staging, { recursive: true, force: true });
});

const indexed = async () =>
  (await t.db.prisma.siteIndexEntry.findMany({ where: { platform: "wordpress", connectionId } })).map((e) => [
    e.kind,
    e.title,
  ]);

describe("the plugin's change notices reach the service's index", () => {
  it("a post published and renamed in WordPress is linked under its new title; trashed, it is removed", async () => {
    const created = await wordpress.rest("wp/v2/posts", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ title: "Brewing guide", status: "publish" }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await vi.waitFor(async () => expect(await indexed()).toEqual([["post", "Brewing guide"]]), { timeout: 15_000 });

    const renamed = await wordpress.rest(`wp/v2/posts/${id}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ title: "Pour-over guide" }),
    });
    expect(renamed.status).toBe(200);
    await vi.waitFor(async () => expect(await indexed()).toEqual([["post", "Pour-over guide"]]), { timeout: 15_000 });

    const trashed = await wordpress.rest(`wp/v2/posts/${id}`, { method: "DELETE" });
    expect(trashed.status).toBe(200);
    await vi.waitFor(async () => expect(await indexed()).toEqual([]), { timeout: 15_000 });
  });
});
