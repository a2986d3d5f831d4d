// "Connect with WordPress" for a site without the plugin: WordPress's Authorize Application screen instead of a pasted
// application password. The start route's address, the callback's checks (signed state bound to the user, the site
// the user started with, rejection), the connection saved with the password encrypted, and a request log that never
// holds the callback's query string; against a real WordPress.
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WORDPRESS_APP_ID } from "@postwright/core/connections";
import { decryptSecret } from "@postwright/core/security";
import { startWordPress, type WordPressSite } from "../../../../tests/support/wordpress/start-wordpress.ts";
import { redactPaths } from "../http/logging.ts";
import { createTestApp, type TestAgent, type TestApp } from "../testing/index.ts";

const logLines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

let site: WordPressSite;
let app: TestApp;
let strict: TestApp;

beforeAll(async () => {
  const httpLogger = pino({ level: "info", redact: { paths: redactPaths, censor: "[redacted]" } }, sink);
  [site, app, strict] = await Promise.all([
    startWordPress(),
    createTestApp({
      env: { ALLOW_PRIVATE_NETWORK_TARGETS: "1", APP_URL: "http://postwright.test" },
      app: { httpLogger },
    }),
    createTestApp(),
  ]);
}, 600_000);
afterAll(async () => {
  await app?.close();
  await strict?.close();
  await site?.stop();
});

async function signedIn(on: TestApp = app): Promise<{ agent: TestAgent; userId: number }> {
  const agent = on.agent();
  const { user } = await on.signUpAndLogin(agent, { firstName: "Wendy", lastName: "Press" });
  return { agent, userId: user.id };
}

/** A new application password for the administrator, as WordPress creates it when the person approves. */
async function approvedPassword(): Promise<string> {
  return site.php(`
    $created = WP_Application_Passwords::create_new_application_password( 1, array( 'name' => 'Postwright', 'app_id' => '${WORDPRESS_APP_ID}' ) );
    echo WP_Application_Passwords::chunk_password( $created[0] );
  `);
}

/** Starts the flow and returns the state WordPress will send back, and the screen's address. */
async function start(agent: TestAgent, siteUrl = site.url): Promise<{ authorizeUrl: URL; state: string }> {
  const res = await agent.post("/api/wordpress/authorize").send({ siteName: "Coffee Blog", siteUrl });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const authorizeUrl = new URL((res.body as { authorizeUrl: string }).authorizeUrl);
  const success = new URL(authorizeUrl.searchParams.get("success_url") ?? "");
  return { authorizeUrl, state: success.searchParams.get("state") ?? "" };
}

function callback(agent: TestAgent, query: Record<string, string>) {
  return agent.get(`/api/wordpress/authorize/callback?${new URLSearchParams(query).toString()}`);
}

/** Where the callback sent the browser: the dashboard with the outcome. */
function outcome(res: { status: number; headers: Record<string, string> }): Record<string, string> {
  expect(res.status).toBe(303);
  const location = new URL(res.headers.location ?? "", "http://postwright.test");
  expect(location.pathname).toBe("/");
  return Object.fromEntries(location.searchParams);
}

describe("POST /api/wordpress/authorize", () => {
  it("sends the person to the site's Authorize Application screen with this service's name, id and return address", async () => {
    const { agent } = await signedIn();
    const { authorizeUrl, state } = await start(agent, `${site.url}/wp-admin/`);
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${site.url}/wp-admin/authorize-application.php`);
    expect(authorizeUrl.searchParams.get("app_name")).toBe("Postwright");
    expect(authorizeUrl.searchParams.get("app_id")).toBe(WORDPRESS_APP_ID);
    const success = new URL(authorizeUrl.searchParams.get("success_url") ?? "");
    expect(`${success.origin}${success.pathname}`).toBe("http://postwright.test/api/wordpress/authorize/callback");
    expect(authorizeUrl.searchParams.get("reject_url")).toBe(success.toString());
    expect(state.length).toBeGreaterThan(40);

    // WordPress itself accepts the request: its screen asks the signed-in administrator to approve Postwright.
    const cookie = await site.php(`
      echo LOGGED_IN_COOKIE . '=' . rawurlencode( wp_generate_auth_cookie( 1, time() + 600, 'logged_in' ) ) . '; ' .
        AUTH_COOKIE . '=' . rawurlencode( wp_generate_auth_cookie( 1, time() + 600, 'auth' ) );
    `);
    const screen = await fetch(authorizeUrl, { headers: { cookie } });
    const html = await screen.text();
    expect(screen.status).toBe(200);
    expect(html).toContain("Postwright");
    expect(html).toContain('id="approve"');
  });

  it("refuses a plain-http site unless private targets are allowed, and says what to do instead", async () => {
    const { agent } = await signedIn(strict);
    const res = await agent
      .post("/api/wordpress/authorize")
      .send({ siteName: "Blog", siteUrl: "http://blog.example.com" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      "Connect with WordPress needs a site served over HTTPS. Use an https:// address, or paste an application password instead.",
    );
    const missing = await agent
      .post("/api/wordpress/authorize")
      .send({ siteName: "", siteUrl: "https://blog.example.com" });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Site name is required");
  });

  it("is for signed-in users only", async () => {
    const res = await app.agent().post("/api/wordpress/authorize").send({ siteName: "Blog", siteUrl: site.url });
    expect(res.status).toBe(401);
  });
});

describe("GET /api/wordpress/authorize/callback", () => {
  it("saves the approved site with the password encrypted, and never logs the query string", async () => {
    const { agent, userId } = await signedIn();
    const { state } = await start(agent);
    const password = await approvedPassword();
    const res = await callback(agent, { state, site_url: site.url, user_login: "admin", password });
    expect(outcome(res)).toEqual({ wordpress: "connected" });
    expect(res.headers["cache-control"]).toBe("no-store");

    const row = await app.db.prisma.wordpressConnection.findFirstOrThrow({ where: { userId } });
    expect(row).toMatchObject({ siteName: "Coffee Blog", siteUrl: site.url, username: "admin", isActive: true });
    expect(row.applicationPassword).not.toContain(password);
    expect(decryptSecret(row.applicationPassword, app.config.encryptionKey)).toBe(password);
    const view = await agent.get("/api/wordpress/connection");
    expect(view.body).toMatchObject({ siteName: "Coffee Blog", siteUrl: site.url, username: "admin" });
    expect(JSON.stringify(view.body)).not.toContain(password);

    const logged = logLines.join("");
    expect(logged).toContain("/api/wordpress/authorize/callback");
    expect(logged).not.toContain(password);
    expect(logged).not.toContain(encodeURIComponent(password));
    expect(logged).not.toContain(state);
  });

  it("saves nothing when the person rejects the request in WordPress", async () => {
    const { agent, userId } = await signedIn();
    const { state } = await start(agent);
    const res = await callback(agent, { state, success: "false" });
    expect(outcome(res)).toEqual({
      wordpress_error: "WordPress did not give Postwright access: the request was rejected. Nothing was saved.",
    });
    expect(await app.db.prisma.wordpressConnection.count({ where: { userId } })).toBe(0);
  });

  it("refuses an answer for another site than the one the person chose", async () => {
    const { agent, userId } = await signedIn();
    const { state } = await start(agent);
    const password = await approvedPassword();
    const res = await callback(agent, {
      state,
      site_url: "https://elsewhere.example.com",
      user_login: "admin",
      password,
    });
    expect(outcome(res)).toEqual({
      wordpress_error: "WordPress answered for a different site than the one you chose. Nothing was saved.",
    });
    expect(await app.db.prisma.wordpressConnection.count({ where: { userId } })).toBe(0);
  });

  it("refuses a state started by another account, a changed state and a signed-out browser", async () => {
    const expired =
      "This WordPress approval has expired or was started from another account. Choose Connect with WordPress again.";
    const first = await signedIn();
    const second = await signedIn();
    const { state } = await start(first.agent);
    const password = await approvedPassword();
    const answer = { site_url: site.url, user_login: "admin", password };

    expect(outcome(await callback(second.agent, { state, ...answer }))).toEqual({ wordpress_error: expired });
    const [payload, signature] = state.split(".");
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? "", "base64url").toString()), userId: second.userId }),
    ).toString("base64url");
    expect(outcome(await callback(second.agent, { state: `${forged}.${signature}`, ...answer }))).toEqual({
      wordpress_error: expired,
    });
    expect(outcome(await callback(app.agent(), { state, ...answer }))).toEqual({
      wordpress_error: "Log in to Postwright, then choose Connect with WordPress again.",
    });
    expect(await app.db.prisma.wordpressConnection.count({ where: { userId: second.userId } })).toBe(0);
    expect(await app.db.prisma.wordpressConnection.count({ where: { userId: first.userId } })).toBe(0);
  });

  it("passes on WordPress's refusal of a password that does not work", async () => {
    const { agent, userId } = await signedIn();
    const { state } = await start(agent);
    const res = await callback(agent, {
      state,
      site_url: site.url,
      user_login: "admin",
      password: "abcd efgh ijkl mnop qrst uvwx",
    });
    const { wordpress_error: message } = outcome(res);
    expect(message).toBeTruthy();
    expect(message).not.toContain("abcd");
    expect(await app.db.prisma.wordpressConnection.count({ where: { userId } })).toBe(0);
  });
});
