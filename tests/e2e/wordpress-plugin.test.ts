// The WordPress plugin as a site owner gets it: built into its release zip, installed and activated in a real
// WordPress 6.8 the way wp-admin's upload does, then used in Chromium. The Postwright service is a small stand-in here
// that answers the connect redirect, the code exchange and the plan lookup exactly as the plugin API contract says.
import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port.ts";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";
import { launchBrowser, newBrowserContext } from "./support/browser.ts";

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const zip = path.join(repoRoot, "wp-plugin/dist/postwright.zip");

interface ServiceCall {
  method: string;
  path: string;
  authorization?: string;
  body?: unknown;
}

/** The service's side of the contract, for the connect flow and the plan lookup. */
async function startServiceStandIn(): Promise<{
  url: string;
  calls: ServiceCall[];
  server: Server;
  revoke: () => void;
}> {
  const calls: ServiceCall[] = [];
  let revoked = false;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const address = new URL(request.url ?? "/", url);
      const text = Buffer.concat(chunks).toString("utf8");
      calls.push({
        method: request.method ?? "GET",
        path: address.pathname,
        authorization: request.headers.authorization,
        body: text ? JSON.parse(text) : undefined,
      });
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      if (address.pathname === "/connect/wordpress") {
        // The person approved: back to the plugin with a one-time code and the same state.
        const back = new URL(address.searchParams.get("return_url") ?? "");
        back.searchParams.set("postwright_code", "one-time-code");
        back.searchParams.set("state", address.searchParams.get("state") ?? "");
        response.writeHead(302, { location: back.toString() });
        response.end();
      } else if (address.pathname === "/api/v1/connect/exchange") {
        json(200, {
          siteId: "site_e2e",
          credential: "pwsite_e2e_credential",
          signingSecret: "ab".repeat(32),
          account: { email: "owner@example.com", plan: "starter" },
        });
      } else if (address.pathname === "/api/v1/site") {
        if (revoked || request.headers.authorization !== "Bearer pwsite_e2e_credential") {
          json(401, {
            message: "This site is no longer connected to Postwright. Connect it again.",
            code: "site_disconnected",
          });
          return;
        }
        json(200, {
          site: { id: "site_e2e", siteUrl: "", connectedAt: new Date().toISOString() },
          account: {
            email: "owner@example.com",
            plan: { id: "starter", name: "Starter" },
            usage: { postsUsed: 3, postsLimit: 20, postsLeft: 17 },
            canSchedule: true,
          },
          upgradeUrl: `${url}/pricing`,
        });
      } else if (address.pathname === "/api/v1/titles/optimize") {
        json(200, {
          optimizedTitle: "Linen Care: A Guide for Every Season",
          titleVariations: ["How to Care for Linen"],
          seoScore: 82,
          metaDescription: "",
        });
      } else if (address.pathname === "/api/v1/generations") {
        json(202, { id: "gen_1", stage: "queued" });
      } else if (address.pathname === "/api/v1/generations/gen_1") {
        json(200, { id: "gen_1", stage: "done", post: generatedPost });
      } else if (/^\/api\/v1\/posts\/42\/wordpress-publication$/.test(address.pathname)) {
        response.writeHead(204);
        response.end();
      } else {
        json(404, { message: "Not found" });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url, calls, server, revoke: () => (revoked = true) };
}

/** The post the stand-in "writes" (the shape of the service's blog post view). */
const generatedPost = {
  id: 42,
  title: "Linen Care: A Guide for Every Season",
  htmlContent: "<h2>Washing linen</h2><p>Use cool water.</p><ul><li>Cool water</li><li>Mild soap</li></ul>",
  metaDescription: "How to wash, dry and store linen in every season.",
  images: [],
  seoScore: 88,
  seoChecks: [{ id: "title-length", label: "Title length", status: "pass", message: "Good length" }],
  updatedAt: "2026-11-23T10:00:00Z",
};

async function logIn(page: Page, wordpress: WordPressSite, username: string, password: string): Promise<void> {
  await page.goto(`${wordpress.url}/wp-login.php`);
  await page.locator("#user_login").fill(username);
  await page.locator("#user_pass").fill(password);
  await page.locator("#wp-submit").click();
  await page.waitForURL(/wp-admin/);
}

describe("The Postwright plugin in WordPress", () => {
  let wordpress: WordPressSite;
  let browser: Browser;
  let adminPage: Page;
  let service: Awaited<ReturnType<typeof startServiceStandIn>>;

  beforeAll(async () => {
    await run("npm", ["run", "zip", "-w", "wp-plugin"], { cwd: repoRoot, timeout: 300_000 });
    service = await startServiceStandIn();
    [wordpress, browser] = await Promise.all([
      startWordPress({ pluginZips: [zip], users: [{ username: "reader", role: "subscriber" }] }),
      launchBrowser(),
    ]);
    await wordpress.php(`update_option( 'postwright_service_url', ${JSON.stringify(service.url)} );`);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await wordpress?.stop();
    service?.server.close();
  });

  it("renders its admin page and connects the site through the service's redirect", async () => {
    const page = await (await newBrowserContext(browser)).newPage();
    adminPage = page;
    await logIn(page, wordpress, wordpress.adminUser, wordpress.adminPassword);
    await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright`);
    // The app's own text (WordPress also repeats notices in a screen-reader live region).
    const app = page.locator("#postwright-admin-root");
    await app.getByText("This site is not connected to Postwright.").waitFor();

    await app.getByRole("button", { name: "Connect to Postwright" }).click();
    await app.getByText("This site is now connected to Postwright.").waitFor();
    await app.getByText("Posts left this month: 17 of 20").waitFor();
    await app.getByText("Connected to Postwright as owner@example.com.").waitFor();
    expect(page.url()).toBe(`${wordpress.url}/wp-admin/admin.php?page=postwright`);

    const connect = service.calls.find((call) => call.path === "/connect/wordpress");
    expect(connect).toBeDefined();
    expect(service.calls.find((call) => call.path === "/api/v1/connect/exchange")?.body).toEqual({
      code: "one-time-code",
      siteUrl: wordpress.url,
    });
    expect(service.calls.find((call) => call.path === "/api/v1/site")?.authorization).toBe(
      "Bearer pwsite_e2e_credential",
    );
    // The credential never reaches the browser.
    expect(await page.content()).not.toContain("pwsite_e2e_credential");
  });

  it("writes a post with title suggestions and creates it as a draft of real blocks, then publishes it", async () => {
    const page = adminPage;
    await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright`);
    const app = page.locator("#postwright-admin-root");
    await app.getByLabel("Title", { exact: true }).fill("linen care");
    await app.getByLabel("Keywords (separated by commas)").fill("linen care, washing linen");
    await app.getByRole("button", { name: "Suggest titles" }).click();
    await app.getByRole("button", { name: "Linen Care: A Guide for Every Season" }).click();
    await app.getByRole("button", { name: "Generate post" }).click();
    await app.getByText("SEO score: 88/100").waitFor();
    await app.getByText("Title length").waitFor();

    await app.getByRole("button", { name: "Create draft" }).click();
    await app.getByText("Draft created.").waitFor();
    const draft = JSON.parse(
      await wordpress.php(`
        $posts = get_posts( array( 'post_status' => 'any', 'meta_key' => '_postwright_publication_key', 'meta_value' => 'post-42' ) );
        $post = $posts[0];
        echo wp_json_encode( array(
          'count'   => count( $posts ),
          'status'  => $post->post_status,
          'title'   => $post->post_title,
          'excerpt' => $post->post_excerpt,
          'blocks'  => array_values( array_filter( wp_list_pluck( parse_blocks( $post->post_content ), 'blockName' ) ) ),
        ) );
      `),
    ) as { count: number; status: string; title: string; excerpt: string; blocks: string[] };
    expect(draft).toEqual({
      count: 1,
      status: "draft",
      title: "Linen Care: A Guide for Every Season",
      excerpt: "How to wash, dry and store linen in every season.",
      blocks: ["core/heading", "core/paragraph", "core/list"],
    });

    await app.getByRole("button", { name: "Publish", exact: true }).click();
    await app.getByText("Post published.").waitFor();
    const published = await wordpress.php(`
      $posts = get_posts( array( 'post_status' => 'any', 'meta_key' => '_postwright_publication_key', 'meta_value' => 'post-42' ) );
      echo count( $posts ) . ' ' . $posts[0]->post_status;
    `);
    expect(published).toBe("1 publish");
    const told = service.calls.filter((call) => call.path === "/api/v1/posts/42/wordpress-publication");
    expect(told.map((call) => (call.body as { status: string }).status)).toEqual(["draft", "publish"]);
  });

  it("offers its sidebar in the block editor", async () => {
    const page = adminPage;
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${wordpress.url}/wp-admin/post-new.php`);
    const welcome = page.getByRole("dialog").getByRole("button", { name: "Close" });
    await welcome.click({ timeout: 10_000 }).catch(() => {});
    await page.getByRole("button", { name: "Postwright", exact: true }).click();
    await page.getByRole("button", { name: "Generate into this post" }).waitFor();
    await page.getByRole("button", { name: "Check SEO of this post" }).waitFor();
    expect(errors).toEqual([]);
  });

  it("says so when the service revoked the site's credential", async () => {
    const page = adminPage;
    service.revoke();
    await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright`);
    const app = page.locator("#postwright-admin-root");
    await app.getByText("This site is no longer connected to Postwright. Connect it again.").waitFor();
    await app.getByRole("button", { name: "Connect to Postwright" }).waitFor();
  });

  it("lets a subscriber reach none of its routes", async () => {
    const reader = wordpress.users.reader;
    expect(reader).toBeDefined();
    const authorization = `Basic ${Buffer.from(`reader:${reader?.applicationPassword}`).toString("base64")}`;
    const routes: Array<[string, string, unknown]> = [
      ["GET", "status", undefined],
      ["POST", "connect", {}],
      ["POST", "disconnect", {}],
      ["POST", "settings", { serviceUrl: "https://evil.example" }],
      ["GET", "site-options", undefined],
      ["POST", "titles", { originalTitle: "Tea" }],
      ["POST", "generations", { title: "Tea", keywords: ["tea"] }],
      ["GET", "generations/gen_1", undefined],
      ["GET", "posts/1", undefined],
      ["POST", "seo/analyze", { title: "Tea", content: "<p>Tea</p>" }],
      ["POST", "publish", { postId: 1, title: "Tea", html: "<p>Tea</p>", status: "draft" }],
      ["POST", "service/publish", { publicationKey: "k", title: "Tea", html: "<p>Tea</p>", status: "publish" }],
      ["POST", "service/ping", {}],
    ];
    for (const [method, route, body] of routes) {
      const response = await fetch(`${wordpress.url}/wp-json/postwright/v1/${route}`, {
        method,
        headers: { authorization, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect([401, 403], `${method} ${route}`).toContain(response.status);
    }
  });

  it("leaves no option behind when it is deleted", async () => {
    const remaining = await wordpress.php(`
      deactivate_plugins( 'postwright/postwright.php' );
      $deleted = delete_plugins( array( 'postwright/postwright.php' ) );
      if ( true !== $deleted ) { throw new Exception( 'The plugin could not be deleted' ); }
      global $wpdb;
      echo wp_json_encode( $wpdb->get_col( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE '%postwright%'" ) );
    `);
    expect(JSON.parse(remaining)).toEqual([]);
  });
});
