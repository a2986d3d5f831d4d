import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createWordpressPluginTarget } from "./create-wordpress-plugin-target.ts";
import { canonicalPluginQuery, signPluginRequest } from "./sign-plugin-request.ts";

const secret = "3f1a2b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7081";
const at = new Date("2026-11-27T12:00:00Z");
const hmac = (text: string) => `v2=${createHmac("sha256", secret).update(text).digest("hex")}`;

describe("signPluginRequest (format v2)", () => {
  it("signs the method, the route, the query, the timestamp, the nonce and the body, as documented", () => {
    const headers = signPluginRequest(
      {
        siteId: "site_1",
        signingSecret: secret,
        method: "post",
        route: "/postwright/v1/service/publish",
        query: new URLSearchParams("b=2&a=x y&rest_route=/postwright/v1/service/publish"),
        body: '{"title":"Tea"}',
      },
      at,
      "nonce-0123456789abcdef",
    );
    expect(headers).toEqual({
      "X-Postwright-Site": "site_1",
      "X-Postwright-Timestamp": "1795780800",
      "X-Postwright-Nonce": "nonce-0123456789abcdef",
      "X-Postwright-Signature": hmac(
        'postwright-v2\nPOST\n/postwright/v1/service/publish\na=x%20y&b=2\n1795780800\nnonce-0123456789abcdef\n{"title":"Tea"}',
      ),
    });
  });

  it("gives a different signature for another route, method or query", () => {
    const base = {
      siteId: "s",
      signingSecret: secret,
      method: "POST",
      route: "/postwright/v1/service/ping",
      body: "{}",
    };
    const sign = (change: Partial<typeof base> & { query?: URLSearchParams }) =>
      signPluginRequest({ ...base, ...change }, at, "n".repeat(16))["X-Postwright-Signature"];
    const signatures = new Set([
      sign({}),
      sign({ route: "/postwright/v1/service/publish" }),
      sign({ method: "PUT" }),
      sign({ query: new URLSearchParams("slug=x") }),
    ]);
    expect(signatures.size).toBe(4);
  });

  it("writes the query as PHP's rawurlencode() does, sorted by name, without rest_route", () => {
    expect(canonicalPluginQuery(new URLSearchParams("z=1&a=(it's)*!&rest_route=/x&m=%C3%A9"))).toBe(
      "a=%28it%27s%29%2A%21&m=%C3%A9&z=1",
    );
    expect(canonicalPluginQuery(new URLSearchParams("rest_route=/postwright/v1/service/ping"))).toBe("");
    expect(canonicalPluginQuery(undefined)).toBe("");
  });
});

describe("the plugin target's requests", () => {
  it("are signed for the route they are sent to, with pretty permalinks and with ?rest_route=", async () => {
    const sent: Array<{ url: string; headers: Record<string, string>; body: string }> = [];
    const fetch = async (url: string | URL, init?: RequestInit) => {
      sent.push({ url: String(url), headers: init?.headers as Record<string, string>, body: String(init?.body) });
      return new Response(JSON.stringify({ ok: true, version: "0.1.0" }), { status: 200 });
    };
    for (const restUrl of ["https://blog.example/wp-json/", "https://blog.example/?rest_route=/&lang=fr"]) {
      const target = createWordpressPluginTarget(
        { siteId: "site_1", restUrl, signingSecret: secret },
        { fetch: fetch as never, publicUrl: "https://app.example", now: () => at },
      );
      await target.ping();
    }
    expect(sent.map((request) => request.url)).toEqual([
      "https://blog.example/wp-json/postwright/v1/service/ping",
      "https://blog.example/?rest_route=%2Fpostwright%2Fv1%2Fservice%2Fping&lang=fr",
    ]);
    const [pretty, plain] = sent;
    const nonceOf = (request: (typeof sent)[number]) => request.headers["X-Postwright-Nonce"];
    expect(pretty?.headers["X-Postwright-Signature"]).toBe(
      hmac(`postwright-v2\nPOST\n/postwright/v1/service/ping\n\n1795780800\n${nonceOf(pretty!)}\n{}`),
    );
    expect(plain?.headers["X-Postwright-Signature"]).toBe(
      hmac(`postwright-v2\nPOST\n/postwright/v1/service/ping\nlang=fr\n1795780800\n${nonceOf(plain!)}\n{}`),
    );
  });
});
