// The REST client against canned WordPress answers, for what the real WordPress in tests/integration cannot easily be
// made to say (newer versions' error codes, odd hosts). End-to-end behaviour is tested in tests/integration.
import { describe, expect, it } from "vitest";
import { OutboundRequestError } from "../../security/outbound-request-error.ts";
import { WordpressRequestError } from "./wordpress-request-error.ts";
import {
  createWordpressRestClient,
  discoverWordpressSite,
  parseApiLink,
  plainHttpMessage,
  restRouteUrl,
  retryAfterMs,
  type FetchLike,
} from "./wordpress-rest-client.ts";

const site = {
  restBase: "https://example.com/wp-json/",
  index: { namespaces: ["wp/v2"], authentication: { "application-passwords": {} } },
};
const credentials = { username: "editor", applicationPassword: "abcd EFGH ijkl MNOP qrst UVWX" };

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

function answering(response: () => Response): { fetch: FetchLike; calls: Array<{ url: string; init?: RequestInit }> } {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  return {
    calls,
    fetch: async (input, init) => {
      calls.push({ url: String(input), init });
      return response();
    },
  };
}

async function failureOf(response: () => Response, index = site.index): Promise<WordpressRequestError> {
  const { fetch } = answering(response);
  const client = createWordpressRestClient({ ...site, index }, credentials, fetch);
  const error = await client
    .request("GET", "wp/v2/users/me", { action: "show the account's details" })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(WordpressRequestError);
  return error as WordpressRequestError;
}

describe("restRouteUrl", () => {
  it("appends routes to a /wp-json/ root and to a ?rest_route= root", () => {
    expect(restRouteUrl("https://example.com/wp-json/", "wp/v2/posts", { per_page: 10, slug: ["a", "b"] }).href).toBe(
      "https://example.com/wp-json/wp/v2/posts?per_page=10&slug=a%2Cb",
    );
    expect(restRouteUrl("https://example.com/blog/wp-json", "/wp/v2/posts/5").href).toBe(
      "https://example.com/blog/wp-json/wp/v2/posts/5",
    );
    expect(restRouteUrl("https://example.com/index.php?rest_route=/", "wp/v2/users/me", { context: "edit" }).href).toBe(
      "https://example.com/index.php?rest_route=%2Fwp%2Fv2%2Fusers%2Fme&context=edit",
    );
  });
});

describe("parseApiLink", () => {
  it("finds the REST root among other links", () => {
    expect(
      parseApiLink(
        '<https://example.com/wp-json/wp/v2/pages/2>; rel="alternate"; type="application/json", <https://example.com/api/>; rel="https://api.w.org/"',
      ),
    ).toBe("https://example.com/api/");
    expect(parseApiLink("<https://example.com/?p=1>; rel=shortlink")).toBeUndefined();
    expect(parseApiLink(null)).toBeUndefined();
  });
});

describe("retryAfterMs", () => {
  it("reads seconds and dates", () => {
    expect(retryAfterMs("120")).toBe(120_000);
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    expect(retryAfterMs(inAMinute)).toBeGreaterThan(50_000);
    expect(retryAfterMs("soon")).toBeUndefined();
  });
});

describe("requests", () => {
  it("sends the application password as HTTP Basic with the username", async () => {
    const { fetch, calls } = answering(() => json(200, { id: 1 }));
    await createWordpressRestClient(site, credentials, fetch).request("GET", "wp/v2/users/me", { action: "x" });
    const header = new Headers(calls[0]?.init?.headers).get("authorization") ?? "";
    expect(Buffer.from(header.replace(/^Basic /, ""), "base64").toString()).toBe(
      "editor:abcd EFGH ijkl MNOP qrst UVWX",
    );
  });
});

describe("failures", () => {
  it.each([
    ["incorrect_password", /did not accept the application password/],
    ["invalid_username", /WordPress has no user "editor"/],
    ["invalid_email", /WordPress has no user "editor"/],
    ["application_passwords_disabled", /turned off on this WordPress site/],
    ["application_passwords_disabled_for_user", /turned off for the user "editor"/],
    ["rest_not_logged_in", /Authorization header/],
  ])("explains a 401 %s", async (code, message) => {
    const error = await failureOf(() => json(401, { code, message: "x", data: { status: 401 } }));
    expect(error).toMatchObject({ kind: "unauthorized", transient: false, code });
    expect(error.message).toMatch(message);
  });

  it("says application passwords are unavailable when the index does not offer them", async () => {
    const error = await failureOf(() => json(401, { code: "rest_not_logged_in", message: "x" }), {
      namespaces: ["wp/v2"],
    } as never);
    expect(error.message).toMatch(/Application passwords are not available/);
  });

  it("marks rate limits and server errors as worth retrying", async () => {
    const limited = await failureOf(() =>
      json(429, { code: "too_many", message: "Slow down" }, { "retry-after": "7" }),
    );
    expect(limited).toMatchObject({ kind: "rate_limited", transient: true, retryAfterMs: 7000 });
    const broken = await failureOf(() => new Response("<h1>Bad gateway</h1>", { status: 502 }));
    expect(broken).toMatchObject({ kind: "server", transient: true, status: 502 });
  });

  it("does not retry a file WordPress refuses, although it answers 500", async () => {
    const error = await failureOf(() =>
      json(500, {
        code: "rest_upload_sideload_error",
        message: "Sorry, you are not allowed to upload this file type.",
      }),
    );
    expect(error).toMatchObject({ kind: "rejected", transient: false });
    expect(error.message).toMatch(/not allowed to upload this file type/);
  });

  it("tells a firewall's 403 page from WordPress's refusal", async () => {
    const firewall = await failureOf(() => new Response("<html>Access denied</html>", { status: 403 }));
    expect(firewall.message).toMatch(/firewall or security plugin/);
    const wordpress = await failureOf(() =>
      json(403, { code: "rest_cannot_create", message: "Sorry, you are not allowed to create posts as this user." }),
    );
    expect(wordpress.message).toMatch(
      /"editor" is not allowed to show the account's details\. WordPress said: "Sorry, you are not allowed to create posts as this user"/,
    );
  });

  it("refuses a web page where JSON was expected", async () => {
    const error = await failureOf(
      () => new Response("<html>Maintenance</html>", { status: 200, headers: { "content-type": "text/html" } }),
    );
    expect(error).toMatchObject({ kind: "unexpected", transient: false });
  });

  it("passes network refusals on with their message, retrying only what may recover", async () => {
    const blocked = new OutboundRequestError("blocked", "This address points to a private network and cannot be used.");
    const timeout = new OutboundRequestError("timeout", "example.com did not answer within 15 seconds.");
    for (const [cause, transient] of [
      [blocked, false],
      [timeout, true],
    ] as const) {
      const client = createWordpressRestClient(site, credentials, async () => {
        throw cause;
      });
      const error = await client.request("GET", "wp/v2/posts", { action: "x" }).catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: "network", transient, message: cause.message });
    }
  });
});

describe("discoverWordpressSite", () => {
  it("follows the REST root to where it answered after redirects", async () => {
    const fetch: FetchLike = async () => {
      const response = json(200, { namespaces: ["wp/v2"], authentication: {} });
      Object.defineProperty(response, "url", {
        value: "https://www.example.com/wp-json/?_fields=name%2Curl%2Chome%2Cnamespaces%2Cauthentication",
      });
      return response;
    };
    const found = await discoverWordpressSite("http://example.com", fetch);
    expect(found.restBase).toBe("https://www.example.com/wp-json/");
  });

  it("accepts a REST API that hides its index from visitors", async () => {
    const found = await discoverWordpressSite("https://example.com", async () =>
      json(401, { code: "rest_login_required", message: "REST API restricted to authenticated users." }),
    );
    expect(found).toEqual({ restBase: "https://example.com/wp-json/", index: null });
  });

  it("refuses a REST API without WordPress's own routes", async () => {
    const error = await discoverWordpressSite("https://example.com", async () =>
      json(200, { namespaces: ["oembed/1.0"] }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "rest_disabled" });
  });

  it("finds the root from a <link> in the page when the header is missing", async () => {
    const fetch: FetchLike = async (input) => {
      const url = String(input);
      if (url.startsWith("https://example.com/wp-json/")) return new Response("<html>404</html>", { status: 404 });
      if (url === "https://example.com/") {
        return new Response(
          '<html><head><link rel="https://api.w.org/" href="https://example.com/index.php?rest_route=/" /></head></html>',
        );
      }
      if (url.startsWith("https://example.com/index.php?rest_route=")) return json(200, { namespaces: ["wp/v2"] });
      return new Response("", { status: 404 });
    };
    const found = await discoverWordpressSite("https://example.com", fetch);
    expect(found.restBase).toBe("https://example.com/index.php?rest_route=%2F");
  });
});

describe("where the application password goes", () => {
  it("refuses a REST root that the site's page places on another host, and sends it nothing", async () => {
    const calls: Array<{ url: string; init?: RequestInit }> = [];
    const fetch: FetchLike = async (input, init) => {
      const url = String(input);
      calls.push({ url, init });
      if (url === "https://example.com/") {
        return new Response("<html></html>", { headers: { link: '<https://collector.example.net/wp-json/>; rel="https://api.w.org/"' } });
      }
      if (url.startsWith("https://collector.example.net/")) return json(200, { namespaces: ["wp/v2"] });
      return new Response("<html>404</html>", { status: 404 });
    };
    const error = await discoverWordpressSite("https://example.com", fetch, "editor").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WordpressRequestError);
    expect(error).toMatchObject({ kind: "unsafe" });
    expect((error as Error).message).toContain("https://collector.example.net, another address than https://example.com");
    expect(calls.some((call) => call.url.startsWith("https://collector.example.net/"))).toBe(false);
  });

  it("refuses to send it over plain http unless allowed, and sends it to the REST root's own origin only", async () => {
    const plain = { ...site, restBase: "http://example.com/wp-json/" };
    expect(() => createWordpressRestClient(plain, credentials, answering(() => json(200, {})).fetch)).toThrow(plainHttpMessage);
    const { fetch, calls } = answering(() => json(200, { id: 1 }));
    const client = createWordpressRestClient(plain, credentials, fetch, { allowPlainHttp: true });
    await client.request("GET", "wp/v2/users/me", { action: "log in" });
    expect(calls.map((call) => new URL(call.url).origin)).toEqual(["http://example.com"]);
  });
});
