// Scheduling from the WordPress plugin goes through the service's scheduler, against a real WordPress with the plugin
// active and the real service (its Express API on a loopback port): the plugin's POST /schedule asks the service, the
// account's plan decides (the free plan is refused with the site's message and nothing is made), WordPress keeps a
// draft, and at the post's time the service's scheduler publishes it through the plugin's signed route, once.
import { cp, mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GenerationStatus } from "@postwright/core/contracts";
import { createAppScheduler } from "../../standalone-web/server/src/background.ts";
import { createTestApp, type TestApp } from "../../standalone-web/server/src/testing/index.ts";
import { connectPluginSite } from "../support/connect-plugin-site.ts";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";

const pluginDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../wp-plugin");

let wordpress: WordPressSite;
let staging: string;
let t: TestApp;
let server: Server;
let serviceUrl: string;
let bearer: string;
let userId: number;
const background: Array<Promise<void>> = [];

beforeAll(async () => {
  staging = await mkdtemp(path.join(tmpdir(), "postwright-plugin-"));
  const plugin = path.join(staging, "postwright");
  for (const entry of ["postwright.php", "uninstall.php", "readme.txt", "includes", "languages"]) {
    await cp(path.join(pluginDir, entry), path.join(plugin, entry), { recursive: true });
  }
  const [site, app] = await Promise.all([
    startWordPress({ plugins: [plugin] }),
    createTestApp({
      env: { ALLOW_PRIVATE_NETWORK_TARGETS: "1" },
      app: { apiV1: { track: (work) => background.push(work) } },
    }),
  ]);
  wordpress = site;
  t = app;
  server = t.app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  serviceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // The site connected as the plugin's connect flow leaves it: approved by the owner, the code exchanged, the
  // credential and signing secret stored (encrypted) by the plugin.
  const connected = await connectPluginSite(t, wordpress, serviceUrl);
  userId = connected.user.id;
  bearer = connected.bearer;
  await wordpress.php(`wp_insert_term( 'Linen Care', 'category' );`);
}, 300_000);

afterAll(async () => {
  await Promise.allSettled(background);
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await t?.close();
  await wordpress?.stop();
  if (staging) await rm(staging, { recursive: true, force: true });
});

/** A post the site generated (as the plugin's page does). */
async function sitePost(title: string): Promise<{ id: number; title: string }> {
  const started = await request(t.app)
    .post("/api/v1/generations")
    .set("Authorization", bearer)
    .send({ title, keywords: ["linen"] });
  expect(started.status).toBe(202);
  await Promise.allSettled(background);
  const job = (await request(t.app).get(`/api/v1/generations/${started.body.id}`).set("Authorization", bearer))
    .body as GenerationStatus;
  return job.post!;
}

/** The plugin's POST /postwright/v1/schedule, as an administrator of the site. */
function scheduleFromPlugin(body: Record<string, unknown>): Promise<Response> {
  return wordpress.rest("postwright/v1/schedule", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** Posts of the site carrying a publication key: status, title, categories. */
async function postsByKey(key: string): Promise<Array<{ status: string; title: string; categories: string[] }>> {
  return JSON.parse(
    await wordpress.php(`
      $posts = get_posts( array( 'post_status' => 'any', 'meta_key' => '_postwright_publication_key', 'meta_value' => ${JSON.stringify(key)} ) );
      echo wp_json_encode( array_map( static function ( $post ) {
        return array(
          'status'     => $post->post_status,
          'title'      => $post->post_title,
          'categories' => wp_list_pluck( get_the_category( $post->ID ), 'name' ),
        );
      }, $posts ) );
    `),
  ) as Array<{ status: string; title: string; categories: string[] }>;
}

describe("scheduling from the plugin, through the service's scheduler", () => {
  it("refuses the free plan with the site's message, and makes no post in WordPress", async () => {
    const post = await sitePost("Storing linen over winter");
    const answer = await scheduleFromPlugin({
      postId: post.id,
      title: post.title,
      html: "<p>Fold it loosely.</p>",
      date: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { message: string }).message).toBe(
      "Scheduling is available on the Starter plan and above. Upgrade to schedule posts.",
    );
    expect(await postsByKey(`post-${post.id}`)).toEqual([]);
    expect(await t.db.prisma.postPublication.count({ where: { postId: post.id } })).toBe(0);
  });

  it("holds a draft in WordPress until the service's scheduler publishes it at its time, once", async () => {
    await t.db.prisma.user.update({
      where: { id: userId },
      data: { subscriptionPlan: "starter", subscriptionStatus: "active" },
    });
    const post = await sitePost("Drying linen outdoors");
    const categoryId = Number(await wordpress.php("echo (int) get_cat_ID( 'Linen Care' );"));
    const due = new Date(Date.now() + 3_600_000);
    const answer = await scheduleFromPlugin({
      postId: post.id,
      title: post.title,
      html: "<p>Shade, not sun.</p>",
      date: due.toISOString(),
      categories: [categoryId],
      tags: ["drying"],
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(await answer.json()).toMatchObject({
      isScheduled: true,
      status: "scheduled",
      scheduledPublishDate: new Date(Math.floor(due.getTime() / 1000) * 1000).toISOString(),
    });
    const key = `post-${post.id}`;
    // WordPress holds a draft with this site's choices; nothing of WordPress's own "future" status or cron.
    expect(await postsByKey(key)).toEqual([{ status: "draft", title: post.title, categories: ["Linen Care"] }]);

    // Before its time the scheduler leaves it; at its time it publishes it through the plugin, once.
    const early = createAppScheduler(t.ctx, { now: () => new Date(due.getTime() - 60_000) });
    await early.tick();
    expect((await postsByKey(key)).map((p) => p.status)).toEqual(["draft"]);
    const onTime = createAppScheduler(t.ctx, { now: () => new Date(due.getTime() + 1_000) });
    await onTime.tick();
    await onTime.tick();
    expect(await postsByKey(key)).toEqual([{ status: "publish", title: post.title, categories: ["Linen Care"] }]);
    const view = await request(t.app).get(`/api/v1/posts/${post.id}`).set("Authorization", bearer);
    expect(view.body).toMatchObject({ status: "published", isScheduled: false });
    expect(view.body.publications).toEqual([expect.objectContaining({ platform: "wordpress", status: "published" })]);
  });
});
