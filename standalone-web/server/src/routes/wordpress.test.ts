// The WordPress connection API and publishing to WordPress through the API, against a real WordPress (see
// tests/support/wordpress): testing and saving credentials (checked, encrypted, never returned), the outbound guard
// against private network addresses, publishing and republishing without duplicates, failures, and the scheduler.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPostView } from "@postwright/core/contracts";
import { decryptSecret } from "@postwright/core/security";
import { startWordPress, type WordPressSite } from "../../../../tests/support/wordpress/start-wordpress.ts";
import { createAppScheduler } from "../background.ts";
import { createTestApp, type TestAgent, type TestApp } from "../testing/index.ts";

const PRIVATE_NETWORK = "This address points to a private network and cannot be used.";
const minute = 60_000;

let site: WordPressSite;
/** Allows private network targets (ALLOW_PRIVATE_NETWORK_TARGETS=1), as a self-hosted setup whose site is on its LAN. */
let app: TestApp;
/** The default: private network targets refused. */
let strict: TestApp;

beforeAll(async () => {
  site = await startWordPress({ users: [{ username: "writer", role: "author" }] });
  app = await createTestApp({ env: { ALLOW_PRIVATE_NETWORK_TARGETS: "1" } });
  strict = await createTestApp();
}, 600_000);
afterAll(async () => {
  await app?.close();
  await strict?.close();
  await site?.stop();
});

const admin = () => ({
  siteName: "Coffee Blog",
  siteUrl: site.url,
  username: site.adminUser,
  applicationPassword: site.applicationPassword,
  isActive: true,
});

async function signedIn(on: TestApp = app, plan = "starter"): Promise<{ agent: TestAgent; userId: number }> {
  const agent = on.agent();
  const { user } = await on.signUpAndLogin(agent, { firstName: "Wendy", lastName: "Press" });
  await on.db.prisma.user.update({
    where: { id: user.id },
    data: { subscriptionPlan: plan, subscriptionStatus: plan === "free" ? "free" : "active" },
  });
  return { agent, userId: user.id };
}

async function createPost(userId: number, title: string): Promise<number> {
  const post = await app.db.prisma.blogPost.create({
    data: {
      userId,
      title,
      content: "Grind, bloom, pour.",
      htmlContent: "<h2>Pour over</h2><p>Grind, bloom, pour.</p>",
      metaDescription: "A pour-over guide.",
      keywords: ["pour over", "coffee"],
    },
  });
  return post.id;
}

async function postsWithSlug(slug: string): Promise<Array<{ id: number; status: string; title: { raw: string } }>> {
  const response = await site.rest(`wp/v2/posts?slug=${slug}&status=any&context=edit`);
  return (await response.json()) as Array<{ id: number; status: string; title: { raw: string } }>;
}

describe("POST /api/wordpress/test-connection", () => {
  it("accepts the right username and application password and names the account", async () => {
    const { agent } = await signedIn();
    const res = await agent.post("/api/wordpress/test-connection").send(admin());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: true, user: { id: site.users.admin?.id, name: "admin" } });
  });

  it("answers invalid with the reason for a wrong application password", async () => {
    const { agent } = await signedIn();
    const res = await agent
      .post("/api/wordpress/test-connection")
      .send({ ...admin(), applicationPassword: "abcd efgh ijkl mnop qrst uvwx" });
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(false);
    expect(res.body.message).toMatch(/did not accept the username and application password/);
  });

  it("asks for every field before testing", async () => {
    const { agent } = await signedIn();
    const res = await agent.post("/api/wordpress/test-connection").send({ siteUrl: site.url, username: "admin" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Missing information: Please fill in all required fields before testing");
  });
});

describe("saving the WordPress connection", () => {
  it("saves the site's address normalised and never returns or stores the application password in clear", async () => {
    const { agent, userId } = await signedIn();
    const saved = await agent.post("/api/wordpress/connection").send({ ...admin(), siteUrl: `${site.url}/wp-admin/` });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      id: expect.any(Number),
      siteName: "Coffee Blog",
      siteUrl: site.url,
      username: "admin",
      isActive: true,
      createdAt: expect.any(String),
      via: "application_password",
      lastUsedAt: null,
    });
    const read = await agent.get("/api/wordpress/connection");
    expect(read.body).toEqual(saved.body);
    const secret = site.applicationPassword;
    for (const text of [saved.text, read.text, (await agent.get("/api/wordpress/connections")).text]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(secret.replaceAll(" ", ""));
    }
    const row = await app.db.prisma.wordpressConnection.findFirstOrThrow({ where: { userId } });
    expect(row.applicationPassword).not.toContain(secret);
    expect(decryptSecret(row.applicationPassword, app.config.encryptionKey)).toBe(secret);
  });

  it("refuses credentials the site rejects and saves nothing", async () => {
    const { agent, userId } = await signedIn();
    const res = await agent
      .post("/api/wordpress/connection")
      .send({ ...admin(), applicationPassword: "abcd efgh ijkl mnop qrst uvwx" });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/did not accept the username and application password/);
    expect(await app.db.prisma.wordpressConnection.count({ where: { userId } })).toBe(0);
  });

  it("keeps each user's site to themselves", async () => {
    const owner = await signedIn();
    const saved = await owner.agent.post("/api/wordpress/connection").send(admin());
    const stranger = await signedIn();
    expect((await stranger.agent.get("/api/wordpress/connection")).body).toBeNull();
    expect((await stranger.agent.delete(`/api/wordpress/connections/${saved.body.id}`)).status).toBe(404);
    const postId = await createPost(stranger.userId, "Stranger's Post");
    const publish = await stranger.agent.post(`/api/blog-posts/${postId}/publish/wordpress`);
    expect(publish.status).toBe(400);
    expect(publish.body.message).toBe("Connect your WordPress site first.");
  });
});

describe("private network addresses", () => {
  it("are refused by default, before any request is sent, for testing and for saving", async () => {
    const { agent, userId } = await signedIn(strict);
    for (const siteUrl of [site.url, "http://10.0.0.7", "http://169.254.169.254/latest", "https://127.0.0.1:8443"]) {
      const test = await agent.post("/api/wordpress/test-connection").send({ ...admin(), siteUrl });
      expect(test.status).toBe(200);
      expect(test.body).toEqual({ valid: false, message: PRIVATE_NETWORK });
    }
    const save = await agent.post("/api/wordpress/connection").send({ ...admin(), siteUrl: "http://10.1.2.3" });
    expect(save.status).toBe(400);
    expect(save.body.message).toBe(PRIVATE_NETWORK);
    expect(await strict.db.prisma.wordpressConnection.count({ where: { userId } })).toBe(0);
  });

  it("are allowed when the operator turns ALLOW_PRIVATE_NETWORK_TARGETS on", async () => {
    const { agent } = await signedIn(app);
    const res = await agent.post("/api/wordpress/test-connection").send(admin());
    expect(res.body.valid).toBe(true);
  });
});

describe("publishing to WordPress through the API", () => {
  it("publishes the post, and republishing updates it instead of adding a second copy", async () => {
    const { agent, userId } = await signedIn();
    await agent.post("/api/wordpress/connection").send(admin());
    const postId = await createPost(userId, "Pour Over at Home");

    const first = await agent.post(`/api/blog-posts/${postId}/publish/wordpress`);
    expect(first.status).toBe(200);
    const published = first.body.blogPost as BlogPostView;
    expect(published).toMatchObject({ status: "published", lastError: null });
    const slug = `pour-over-at-home-pw${postId}`;
    const [remote, ...others] = await postsWithSlug(slug);
    expect(others).toEqual([]);
    expect(remote).toMatchObject({ status: "publish", title: { raw: "Pour Over at Home" } });
    expect(published.wordpressPostId).toBe(String(remote!.id));
    expect(published.publications[0]?.remoteUrl).toContain(slug);

    expect((await agent.patch(`/api/blog-posts/${postId}`).send({ title: "Pour Over, Step by Step" })).status).toBe(
      200,
    );
    const again = await agent.post(`/api/blog-posts/${postId}/publish/wordpress`);
    expect(again.status).toBe(200);
    const afterRepublish = await postsWithSlug(slug);
    expect(afterRepublish).toHaveLength(1);
    expect(afterRepublish[0]).toMatchObject({ id: remote!.id, title: { raw: "Pour Over, Step by Step" } });
  });

  it("publishes a scheduled post when the scheduler finds it due", async () => {
    const { agent, userId } = await signedIn();
    await agent.post("/api/wordpress/connection").send(admin());
    const postId = await createPost(userId, "Scheduled Aeropress Recipe");
    const when = new Date(Date.now() + 10 * minute);
    const scheduled = await agent
      .post(`/api/blog-posts/${postId}/schedule`)
      .send({ scheduledDate: when.toISOString(), platforms: ["wordpress"] });
    expect(scheduled.body.blogPost).toMatchObject({ status: "scheduled", scheduledPlatforms: ["wordpress"] });

    const result = await createAppScheduler(app.ctx, { now: () => new Date(when.getTime() + 1000) }).tick();
    expect(result).toMatchObject({ claimed: 1, published: 1 });
    expect(await postsWithSlug(`scheduled-aeropress-recipe-pw${postId}`)).toHaveLength(1);
    expect((await agent.get(`/api/blog-posts/${postId}`)).body).toMatchObject({ status: "published" });
  });

  it("fails with the site's reason (502) when the application password was revoked, and shows the post failed", async () => {
    const { agent, userId } = await signedIn();
    const writer = site.users.writer!;
    const saved = await agent.post("/api/wordpress/connection").send({
      ...admin(),
      username: writer.username,
      applicationPassword: writer.applicationPassword,
    });
    expect(saved.status).toBe(200);
    await site.php(`WP_Application_Passwords::delete_all_application_passwords( ${writer.id} );`);
    const postId = await createPost(userId, "Revoked Password Post");

    const res = await agent.post(`/api/blog-posts/${postId}/publish/wordpress`);
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/^WordPress publishing failed: WordPress did not accept the username/);
    const view = (await agent.get(`/api/blog-posts/${postId}`)).body as BlogPostView;
    expect(view.status).toBe("failed");
    expect(view.lastError).toMatch(/^WordPress: WordPress did not accept the username/);
    expect(await postsWithSlug(`revoked-password-post-pw${postId}`)).toEqual([]);
  });
});
