import { Writable } from "node:stream";
import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/index.ts";
import { redactPaths } from "./logging.ts";

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split("\n")) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  const httpLogger = pino({ level: "info", redact: { paths: redactPaths, censor: "[redacted]" } }, sink);
  t = await createTestApp({ app: { httpLogger } });
});
afterAll(async () => {
  await t?.close();
});

const requestLines = (id: string) => lines.filter((l) => (l.req as { id?: string } | undefined)?.id === id);

describe("request log", () => {
  it("writes one line per API request with its id, method, path, status and duration, and sends the id back", async () => {
    const res = await request(t.app).get("/api/auth/user?token=abc");
    const id = res.headers["x-request-id"] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const mine = requestLines(id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 40,
      req: { id, method: "GET", url: "/api/auth/user" },
      res: { statusCode: 401 },
    });
    expect(typeof mine[0]!.responseTime).toBe("number");
  });

  it("keeps a request id given by a proxy, and replaces one that is not a plain token", async () => {
    const kept = await request(t.app).get("/api/health").set("X-Request-Id", "edge-42");
    expect(kept.headers["x-request-id"]).toBe("edge-42");
    expect(requestLines("edge-42")).toHaveLength(1);
    const replaced = await request(t.app).get("/api/health").set("X-Request-Id", "<script>");
    expect(replaced.headers["x-request-id"]).not.toBe("<script>");
  });

  it("never contains a password, a code or a session cookie", async () => {
    const { email, password } = await t.createUser({ password: "Sup3r!Secret" });
    const login = await request(t.app).post("/api/auth/login").send({ email, password });
    expect(login.status).toBe(200);
    const cookie = login.headers["set-cookie"]![0]!.split(";")[0]!;
    await request(t.app).get("/api/auth/user").set("Cookie", cookie);
    await request(t.app).post("/api/auth/verify-email").send({ email, code: "123456" });
    const text = JSON.stringify(lines);
    expect(text).not.toContain("Sup3r!Secret");
    expect(text).not.toContain(cookie.split("=")[1]!);
    expect(text).not.toContain("123456");
  });

  it("does not log the pages and assets of the site", async () => {
    const before = lines.length;
    await request(t.app).get("/pricing");
    expect(lines.length).toBe(before);
  });
});
