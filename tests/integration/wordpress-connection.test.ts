// Tests the WordPress connection check against a real WordPress (see tests/support/wordpress), including sites that
// are set up in the ways that make connections fail in practice.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testWordpressConnection } from "../../core/src/publishing/wordpress/index.ts";
import { createSafeFetch, type SafeFetch } from "../../core/src/security/index.ts";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";

let site: WordPressSite;
// The production fetch, with only this machine's loopback address let through (the site runs on 127.0.0.1).
let safeFetch: SafeFetch;

// Long enough for a fresh machine, where the harness first installs PHP and prepares WordPress.
beforeAll(async () => {
  site = await startWordPress({
    users: [
      { username: "writer", role: "author" },
      { username: "helper", role: "contributor" },
    ],
  });
  safeFetch = createSafeFetch({
    allowPrivateNetworkTargets: false,
    allowedAddresses: ["127.0.0.1"],
    timeoutMs: 10_000,
  });
}, 600_000);

afterAll(async () => {
  await safeFetch?.close();
  await site?.stop();
});

const admin = () => ({ siteUrl: site.url, username: site.adminUser, applicationPassword: site.applicationPassword });
const check = (connection: { siteUrl: string; username: string; applicationPassword: string }, fetch = safeFetch) =>
  testWordpressConnection(connection, { fetch, allowPlainHttp: true });

/** Runs a check with a must-use plugin in place, then removes it. */
async function withMuPlugin<T>(name: string, code: string, run: () => Promise<T>, flush = false): Promise<T> {
  await site.setMuPlugin(name, code);
  if (flush) await site.php("flush_rewrite_rules( false );");
  try {
    return await run();
  } finally {
    await site.setMuPlugin(name, null);
    if (flush) await site.php("flush_rewrite_rules( false );");
  }
}

describe("testWordpressConnection with the right credentials", () => {
  it("accepts the administrator's application password and names the account", async () => {
    const result = await check(admin());
    expect(result).toEqual({ valid: true, user: { id: site.users.admin?.id, name: "admin" } });
  });

  it("accepts the application password without its spaces, and the address as copied from wp-admin", async () => {
    const result = await check({
      ...admin(),
      siteUrl: `${site.url}/wp-admin/post-new.php`,
      applicationPassword: site.applicationPassword.replaceAll(" ", ""),
    });
    expect(result.valid).toBe(true);
  });

  it("accepts an author, who may publish", async () => {
    const writer = site.users.writer!;
    const result = await check({
      siteUrl: site.url,
      username: "writer",
      applicationPassword: writer.applicationPassword,
    });
    expect(result).toMatchObject({ valid: true, user: { id: writer.id } });
  });
});

describe("testWordpressConnection failures", () => {
  it("refuses a wrong application password and says what to check", async () => {
    const result = await check({ ...admin(), applicationPassword: "abcd efgh ijkl mnop qrst uvwx" });
    expect(result.valid).toBe(false);
    expect(result.message).toMatch(/did not accept the username and application password/);
  });

  it("refuses an unknown username", async () => {
    const result = await check({ ...admin(), username: "nobody" });
    expect(result.valid).toBe(false);
    expect(result.message).toMatch(/username/);
  });

  it("refuses an account that may not publish, naming its role", async () => {
    const helper = site.users.helper!;
    const result = await check({
      siteUrl: site.url,
      username: "helper",
      applicationPassword: helper.applicationPassword,
    });
    expect(result.valid).toBe(false);
    expect(result.message).toMatch(/"helper" \(contributor\) is not allowed to publish posts/);
  });

  it("explains the .htaccess fix when the host strips the Authorization header", async () => {
    const result = await withMuPlugin(
      "strip-authorization",
      "<?php unset( $_SERVER['PHP_AUTH_USER'], $_SERVER['PHP_AUTH_PW'], $_SERVER['HTTP_AUTHORIZATION'] );",
      () => check(admin()),
    );
    expect(result.valid).toBe(false);
    expect(result.message).toMatch(/removing the Authorization header/);
    expect(result.message).toMatch(/\.htaccess/);
  });

  it("says so when application passwords are not available (a site without HTTPS)", async () => {
    const result = await withMuPlugin(
      "no-application-passwords",
      "<?php add_filter( 'wp_is_application_passwords_available', '__return_false', 20 );",
      () => check(admin()),
    );
    expect(result.valid).toBe(false);
    expect(result.message).toMatch(/Application passwords are not available/);
    expect(result.message).toMatch(/HTTPS/);
  });

  it("says the REST API is switched off when a plugin disables it", async () => {
    const result = await withMuPlugin(
      "disable-rest",
      `<?php add_filter( 'rest_authentication_errors', function () {
        return new WP_Error( 'rest_disabled', 'The REST API is disabled on this site.', array( 'status' => 403 ) );
      } );`,
      () => check(admin()),
    );
    expect(result.valid).toBe(false);
    expect(result.message).toMatch(/REST API is switched off/);
  });

  it("says the REST API does not answer when a firewall hides it", async () => {
    const result = await withMuPlugin(
      "hide-rest",
      `<?php add_action( 'rest_api_init', function () {
        status_header( 404 );
        header( 'Content-Type: text/html' );
        echo '<html><body>Not found</body></html>';
        exit;
      }, 0 );`,
      () => check(admin()),
    );
    expect(result.valid).toBe(false);
    expect(result.message).toMatch(/looks like a WordPress site, but its REST API does not answer/);
  });

  it("still checks the login on a site that hides its user routes", async () => {
    const hideUsers = `<?php add_filter( 'rest_endpoints', function ( $endpoints ) {
        foreach ( array_keys( $endpoints ) as $route ) {
          if ( str_starts_with( $route, '/wp/v2/users' ) ) {
            unset( $endpoints[ $route ] );
          }
        }
        return $endpoints;
      } );`;
    const right = await withMuPlugin("hide-users", hideUsers, () => check(admin()));
    expect(right.valid).toBe(true);
    expect(right.message).toMatch(/hides its user details/);
    const wrong = await withMuPlugin("hide-users", hideUsers, () =>
      check({ ...admin(), applicationPassword: "abcd efgh ijkl mnop qrst uvwx" }),
    );
    expect(wrong.valid).toBe(false);
    expect(wrong.message).toMatch(/did not accept the username and application password/);
  });

  it("refuses a site address on a private network with the production settings", async () => {
    const strict = createSafeFetch({ allowPrivateNetworkTargets: false });
    const result = await check(admin(), strict);
    await strict.close();
    expect(result).toEqual({ valid: false, message: "This address points to a private network and cannot be used." });
  });

  it("reports an address where nothing listens", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await check({ ...admin(), siteUrl: `http://127.0.0.1:${port}` });
    expect(result.valid).toBe(false);
    expect(result.message).toMatch(/refused the connection/);
  });

  it("refuses an address that is not valid", async () => {
    const result = await check({ ...admin(), siteUrl: "not a site" });
    expect(result).toEqual({
      valid: false,
      message: "Enter the address of your WordPress site, for example https://example.com.",
    });
  });
});

describe("testWordpressConnection against other servers", () => {
  let other: Server;
  let otherUrl: string;

  beforeAll(async () => {
    other = createServer((req, res) => {
      if (req.url?.startsWith("/slow")) return; // never answers
      res.setHeader("content-type", "text/html");
      res.statusCode = req.url === "/" ? 200 : 404;
      res.end("<html><head><title>A shop</title></head><body>Welcome</body></html>");
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    other.closeAllConnections();
    await new Promise((resolve) => other.close(resolve));
  });

  it("says when the address is not a WordPress site", async () => {
    const result = await check({ ...admin(), siteUrl: otherUrl });
    expect(result.valid).toBe(false);
    expect(result.message).toMatch(/No WordPress site answered at/);
  });

  it("gives up on a site that does not answer", async () => {
    const quick = createSafeFetch({
      allowPrivateNetworkTargets: false,
      allowedAddresses: ["127.0.0.1"],
      timeoutMs: 500,
    });
    const result = await check({ ...admin(), siteUrl: `${otherUrl}/slow` }, quick);
    await quick.close();
    expect(result.valid).toBe(false);
    expect(result.message).toMatch(/did not answer within/);
  });
});

describe("REST API discovery", () => {
  it("finds the API through the Link header when it is not under /wp-json/", async () => {
    const result = await withMuPlugin(
      "rest-prefix",
      "<?php add_filter( 'rest_url_prefix', function () { return 'api'; } );",
      async () => {
        const moved = await fetch(`${site.url}/wp-json/`);
        await moved.arrayBuffer();
        expect(moved.headers.get("content-type")).not.toMatch(/json/);
        return check(admin());
      },
      true,
    );
    expect(result.valid).toBe(true);
  });

  it("works with plain permalinks, where the API is at ?rest_route=", async () => {
    await site.php("update_option( 'permalink_structure', '' ); flush_rewrite_rules( false );");
    try {
      const result = await withMuPlugin(
        "rest-prefix",
        "<?php add_filter( 'rest_url_prefix', function () { return 'api'; } );",
        async () => {
          const home = await fetch(`${site.url}/`);
          await home.arrayBuffer();
          expect(home.headers.get("link")).toMatch(/rest_route=/);
          return check(admin());
        },
      );
      expect(result.valid).toBe(true);
    } finally {
      await site.php("update_option( 'permalink_structure', '/%postname%/' ); flush_rewrite_rules( false );");
    }
  });
});
