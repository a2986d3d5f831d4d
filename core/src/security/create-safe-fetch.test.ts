import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertPublicUrl } from "./assert-public-url.ts";
import { createSafeFetch, type SafeFetch } from "./create-safe-fetch.ts";
import { OutboundRequestError } from "./outbound-request-error.ts";
import type { HostResolver } from "./outbound-url-policy.ts";

// Every request in these tests goes to a server on 127.0.0.1 or is refused before any connection is made.
interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  host: string | undefined;
  body: string;
}

let server: Server;
let port: number;
let base: string;
const seen: Seen[] = [];

function handle(req: IncomingMessage, res: ServerResponse, body: string) {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  seen.push({
    method: req.method ?? "",
    path: url.pathname,
    authorization: req.headers.authorization,
    host: req.headers.host,
    body,
  });
  const to = url.searchParams.get("to");
  switch (url.pathname) {
    case "/ok":
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ hello: "world" }));
      return;
    case "/redirect":
      res.statusCode = Number(url.searchParams.get("status") ?? 302);
      res.setHeader("location", to ?? "/ok");
      res.end();
      return;
    case "/loop":
      res.statusCode = 302;
      res.setHeader("location", "/loop");
      res.end();
      return;
    case "/big":
      res.setHeader("content-length", String(64 * 1024));
      res.end(Buffer.alloc(64 * 1024, 97));
      return;
    case "/big-chunked":
      // No content-length: the limit must hold while streaming.
      for (let i = 0; i < 16; i++) res.write(Buffer.alloc(8 * 1024, 98));
      res.end();
      return;
    case "/slow":
      // Never answers; the client's timeout must end the request.
      return;
    case "/no-content":
      res.statusCode = 204;
      res.end();
      return;
    default:
      res.statusCode = 404;
      res.end("not found");
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => handle(req, res, Buffer.concat(chunks).toString("utf8")));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

// Test names resolve through this table instead of DNS.
const names: Record<string, string[]> = {
  "site.test": ["127.0.0.1"],
  "other.test": ["127.0.0.1"],
  "metadata.test": ["169.254.169.254"],
  "intranet.test": ["10.0.0.7"],
  "v6-loopback.test": ["::1"],
  "mixed.test": ["127.0.0.1", "192.168.0.10"],
};
const resolveHost: HostResolver = async (hostname) => {
  const addresses = names[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
};

/** A fetch that treats this test's server (127.0.0.1 only) as reachable and everything else by the normal rules. */
function guardedFetch(extra: Partial<Parameters<typeof createSafeFetch>[0]> = {}): SafeFetch {
  return createSafeFetch({ allowPrivateNetworkTargets: false, allowedAddresses: ["127.0.0.1"], resolveHost, ...extra });
}

async function failure(promise: Promise<unknown>): Promise<OutboundRequestError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundRequestError);
  return error as OutboundRequestError;
}

describe("createSafeFetch refusals", () => {
  const strict = createSafeFetch({ allowPrivateNetworkTargets: false, resolveHost });
  afterAll(() => strict.close());

  it.each([
    ["http://127.0.0.1:9/", "loopback"],
    ["http://10.0.0.1/", "10/8"],
    ["http://172.20.1.1/", "172.16/12"],
    ["http://192.168.0.1/", "192.168/16"],
    ["http://169.254.169.254/latest/meta-data/", "the metadata address"],
    ["http://100.100.1.1/", "carrier-grade NAT"],
    ["http://0.0.0.0/", "0.0.0.0"],
    ["http://[::1]/", "IPv6 loopback"],
    ["http://[fd12::1]/", "IPv6 unique-local"],
    ["http://[::ffff:127.0.0.1]/", "IPv4-mapped loopback"],
    ["http://2130706433/", "loopback written as a number"],
    ["http://metadata.test/", "a name resolving to the metadata address"],
    ["http://intranet.test/", "a name resolving to 10/8"],
    ["http://v6-loopback.test/", "a name resolving to ::1"],
    ["http://mixed.test/", "a name with one private record among public ones"],
  ])("refuses %s (%s) with a message for the user", async (url) => {
    const error = await failure(strict(url));
    expect(error.reason).toBe("blocked");
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe("This address points to a private network and cannot be used.");
  });

  it("refuses localhost, which the system resolves to loopback", async () => {
    const system = createSafeFetch({ allowPrivateNetworkTargets: false });
    const error = await failure(system(`http://localhost:${port}/ok`));
    await system.close();
    expect(error.reason).toBe("blocked");
    expect(seen.some((s) => s.path === "/ok" && s.host === `localhost:${port}`)).toBe(false);
  });

  it.each(["ftp://example.com/file", "file:///etc/passwd", "javascript:alert(1)", "not a url", "gopher://x"])(
    "refuses %s as an address that cannot be used",
    async (url) => {
      const error = await failure(strict(url));
      expect(error.reason).toBe("invalid_url");
      expect(error.code).toBe("BAD_REQUEST");
    },
  );

  it("refuses addresses with credentials in them", async () => {
    const error = await failure(strict("https://user:secret@example.com/"));
    expect(error.message).toMatch(/username or password/);
  });

  it("reports a name that does not resolve as not found", async () => {
    const error = await failure(strict("https://no-such-site.test/"));
    expect(error.reason).toBe("dns");
    expect(error.message).toMatch(/could not be found/);
  });
});

describe("createSafeFetch requests", () => {
  const safeFetch = guardedFetch({ timeoutMs: 2_000, maxResponseBytes: 32 * 1024 });
  afterAll(() => safeFetch.close());

  it("fetches an allowed address and returns a normal Response", async () => {
    const response = await safeFetch(`${base}/ok`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({ hello: "world" });
    expect(response.url).toBe(`${base}/ok`);
  });

  it("connects to the address it checked, not to what the system resolver would say", async () => {
    // site.test exists only in this test's resolver: reaching the server proves the connection used it.
    const response = await safeFetch(`http://site.test:${port}/ok`);
    expect(response.status).toBe(200);
    expect(seen.at(-1)?.host).toBe(`site.test:${port}`);
  });

  it("follows redirects and keeps credentials on the same origin", async () => {
    const response = await safeFetch(`${base}/redirect?to=/ok`, { headers: { authorization: "Basic abc" } });
    expect(response.status).toBe(200);
    expect(response.redirected).toBe(true);
    expect(response.url).toBe(`${base}/ok`);
    expect(seen.at(-1)).toMatchObject({ path: "/ok", authorization: "Basic abc" });
  });

  it("drops credentials when a redirect leaves the origin", async () => {
    const response = await safeFetch(`${base}/redirect?to=${encodeURIComponent(`http://other.test:${port}/ok`)}`, {
      headers: { authorization: "Basic abc" },
    });
    expect(response.status).toBe(200);
    expect(seen.at(-1)).toMatchObject({ path: "/ok", host: `other.test:${port}`, authorization: undefined });
  });

  it.each([
    ["http://169.254.169.254/latest/meta-data/", "the metadata address"],
    ["http://10.1.1.1/admin", "10/8"],
    ["http://[::1]/", "IPv6 loopback"],
    ["http://metadata.test/", "a name resolving to the metadata address"],
  ])("refuses a redirect to %s (%s) without connecting to it", async (target) => {
    const before = seen.length;
    const error = await failure(safeFetch(`${base}/redirect?to=${encodeURIComponent(target)}`));
    expect(error.reason).toBe("blocked");
    expect(seen.slice(before).map((s) => s.path)).toEqual(["/redirect"]);
  });

  it("refuses a redirect to another scheme", async () => {
    const error = await failure(safeFetch(`${base}/redirect?to=${encodeURIComponent("file:///etc/passwd")}`));
    expect(error.reason).toBe("invalid_url");
  });

  it("turns a POST into a GET on 303 and keeps it on 307", async () => {
    await safeFetch(`${base}/redirect?status=303&to=/ok`, { method: "POST", body: "payload" });
    expect(seen.at(-1)).toMatchObject({ method: "GET", path: "/ok", body: "" });
    await safeFetch(`${base}/redirect?status=307&to=/ok`, { method: "POST", body: "payload" });
    expect(seen.at(-1)).toMatchObject({ method: "POST", path: "/ok", body: "payload" });
  });

  it("sends a FormData body as multipart, with its boundary, and again after a 307", async () => {
    const form = new FormData();
    form.append("key", "uploads/a.png");
    form.append("file", new Blob([Buffer.from("PNGDATA")], { type: "image/png" }), "a.png");
    await safeFetch(`${base}/redirect?status=307&to=/ok`, { method: "POST", body: form });
    const sent = seen.slice(-2);
    for (const request of sent) {
      expect(request.method).toBe("POST");
      expect(request.body).toContain('name="key"\r\n\r\nuploads/a.png');
      expect(request.body).toContain('filename="a.png"');
      expect(request.body).toContain("PNGDATA");
      expect(request.body).not.toContain("[object FormData]");
    }
    expect(sent.map((r) => r.path)).toEqual(["/redirect", "/ok"]);
  });

  it("stops after too many redirects", async () => {
    const error = await failure(safeFetch(`${base}/loop`));
    expect(error.reason).toBe("too_many_redirects");
  });

  it("refuses responses over the size limit, declared or streamed", async () => {
    expect((await failure(safeFetch(`${base}/big`))).reason).toBe("too_large");
    expect((await failure(safeFetch(`${base}/big-chunked`))).reason).toBe("too_large");
  });

  it("gives up on a server that does not answer", async () => {
    const quick = guardedFetch({ timeoutMs: 300 });
    const error = await failure(quick(`${base}/slow`));
    await quick.close();
    expect(error.reason).toBe("timeout");
    expect(error.message).toMatch(/did not answer/);
  });

  it("reports a refused connection", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(safeFetch(`http://127.0.0.1:${closedPort}/`));
    expect(error.reason).toBe("refused");
  });

  it("leaves an abort by the caller as an abort", async () => {
    const controller = new AbortController();
    const pending = safeFetch(`${base}/slow`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(OutboundRequestError);
    expect((error as Error).name).toBe("AbortError");
  });

  it("returns bodiless responses", async () => {
    const response = await safeFetch(`${base}/no-content`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
  });
});

describe("createSafeFetch over HTTPS", () => {
  const safeFetch = guardedFetch({ timeoutMs: 5_000 });
  afterAll(() => safeFetch.close());

  it("explains a site that does not speak HTTPS on an https:// address", async () => {
    const error = await failure(safeFetch(`https://127.0.0.1:${port}/ok`));
    expect(error.reason).toBe("tls");
    expect(error.message).toMatch(/secure \(HTTPS\) connection/);
  });

  it("refuses a certificate it cannot verify", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "safe-fetch-tls-"));
    try {
      execFileSync(
        "openssl",
        ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=site.test"].concat([
          "-keyout",
          path.join(dir, "key.pem"),
          "-out",
          path.join(dir, "cert.pem"),
        ]),
        { stdio: "ignore" },
      );
      const tls = createHttpsServer(
        { key: readFileSync(path.join(dir, "key.pem")), cert: readFileSync(path.join(dir, "cert.pem")) },
        (_req, res) => res.end("secret"),
      );
      await new Promise<void>((resolve) => tls.listen(0, "127.0.0.1", resolve));
      const tlsPort = (tls.address() as AddressInfo).port;
      const error = await failure(safeFetch(`https://site.test:${tlsPort}/`));
      tls.closeAllConnections();
      await new Promise((resolve) => tls.close(resolve));
      expect(error.reason).toBe("tls");
      expect(error.message).toMatch(/certificate could not be verified/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("allowPrivateNetworkTargets", () => {
  it("lets requests reach loopback and private names when the operator turns it on", async () => {
    const open = createSafeFetch({ allowPrivateNetworkTargets: true, resolveHost });
    const direct = await open(`${base}/ok`);
    const named = await open(
      `http://site.test:${port}/redirect?to=${encodeURIComponent(`http://[::ffff:127.0.0.1]:${port}/ok`)}`,
    );
    await open.close();
    expect(direct.status).toBe(200);
    expect(named.status).toBe(200);
  });

  it("still refuses other schemes", async () => {
    const open = createSafeFetch({ allowPrivateNetworkTargets: true });
    expect((await failure(open("file:///etc/passwd"))).reason).toBe("invalid_url");
    await open.close();
  });
});

describe("assertPublicUrl", () => {
  const strict = { allowPrivateNetworkTargets: false, resolveHost };

  it("accepts a public address and returns it parsed", async () => {
    const url = await assertPublicUrl("https://Example.com/blog/", {
      allowPrivateNetworkTargets: false,
      resolveHost: async () => [{ address: "93.184.215.14", family: 4 }],
    });
    expect(url.href).toBe("https://example.com/blog/");
  });

  it.each([
    "http://127.0.0.1/",
    "http://[::1]/",
    "http://169.254.169.254/",
    "http://intranet.test/",
    "http://metadata.test/",
  ])("refuses %s", async (url) => {
    expect((await failure(assertPublicUrl(url, strict))).reason).toBe("blocked");
  });

  it("accepts private addresses when the override is on", async () => {
    await expect(assertPublicUrl("http://10.0.0.1/", { allowPrivateNetworkTargets: true })).resolves.toBeInstanceOf(
      URL,
    );
    await expect(
      assertPublicUrl("http://intranet.test/", { ...strict, allowPrivateNetworkTargets: true }),
    ).resolves.toBeInstanceOf(URL);
  });

  it("accepts an address the operator listed", async () => {
    await expect(
      assertPublicUrl("http://intranet.test/", { ...strict, allowedAddresses: ["10.0.0.7"] }),
    ).resolves.toBeInstanceOf(URL);
  });
});
