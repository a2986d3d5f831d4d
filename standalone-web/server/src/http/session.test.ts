import { join } from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { silentLogger } from "@postwright/core/logger";
import { createApp } from "../app.ts";
import { createServerContext, watchRequestCaches } from "../context.ts";
import { createTestApp, type TestApp } from "../testing/index.ts";
import { SESSION_COOKIE, signSessionId, unsignSessionId } from "./session.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await t?.close();
});

const cookieOf = (res: request.Response) => res.headers["set-cookie"]?.[0]?.split(";")[0] ?? "";
const sidOf = (cookie: string) =>
  unsignSessionId(decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1)), t.config.sessionSecret)!;

async function signIn(): Promise<{ cookie: string; userId: number }> {
  const { email, password, user } = await t.createUser();
  const res = await request(t.app).post("/api/auth/login").send({ email, password });
  expect(res.status).toBe(200);
  return { cookie: cookieOf(res), userId: user.id };
}

describe("session cookies", () => {
  it("are signed the way express-session signs them, so sessions made by either stay valid", () => {
    expect(signSessionId("VGhlIHNlc3Npb24gaWQ", "a-long-session-secret")).toBe(
      "s:VGhlIHNlc3Npb24gaWQ.UmtC3Xz64ECv7yWTT+ld2oj/K1y+S5AFeEvj+aCkh7k",
    );
    expect(
      unsignSessionId("s:VGhlIHNlc3Npb24gaWQ.UmtC3Xz64ECv7yWTT+ld2oj/K1y+S5AFeEvj+aCkh7k", "a-long-session-secret"),
    ).toBe("VGhlIHNlc3Npb24gaWQ");
  });

  it("refuse a session id that is unsigned, signed with another secret, or altered", async () => {
    const { cookie } = await signIn();
    const sid = sidOf(cookie);
    for (const value of [
      sid,
      `s:${sid}`,
      signSessionId(sid, "some-other-secret"),
      signSessionId(sid, t.config.sessionSecret) + "x",
    ]) {
      const res = await request(t.app)
        .get("/api/auth/user")
        .set("Cookie", `${SESSION_COOKIE}=${encodeURIComponent(value)}`);
      expect(res.status).toBe(401);
    }
    expect((await request(t.app).get("/api/auth/user").set("Cookie", cookie)).status).toBe(200);
  });

  it("are found among other cookies", async () => {
    const { cookie } = await signIn();
    const res = await request(t.app).get("/api/auth/user").set("Cookie", `theme=dark; x${cookie}; ${cookie}; lang=en`);
    expect(res.status).toBe(200);
  });

  it("are Secure when the site is reached over HTTPS through its proxy, and HttpOnly and SameSite=Lax always", async () => {
    const { email, password } = await t.createUser();
    const secure = await request(t.app)
      .post("/api/auth/login")
      .set("X-Forwarded-Proto", "https")
      .send({ email, password });
    expect(secure.headers["set-cookie"]?.[0]).toMatch(/; Secure/);
    expect(secure.headers["set-cookie"]?.[0]).toMatch(/HttpOnly.*SameSite=Lax/);
    const plain = await request(t.app).post("/api/auth/login").send({ email, password });
    expect(plain.headers["set-cookie"]?.[0]).not.toMatch(/; Secure/);
  });
});

describe("session lifetime", () => {
  it("ends when the session expires", async () => {
    const { cookie } = await signIn();
    await t.db.prisma.session.update({ where: { sid: sidOf(cookie) }, data: { expire: new Date(Date.now() - 1000) } });
    const res = await request(t.app).get("/api/auth/user").set("Cookie", cookie);
    expect(res.status).toBe(401);
  });

  it("is extended by 30 days, cookie included, for a session in use", async () => {
    const { cookie } = await signIn();
    const sid = sidOf(cookie);
    const soon = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await t.db.prisma.session.update({ where: { sid }, data: { expire: soon } });
    await vi.waitFor(async () => {
      const res = await request(t.app).get("/api/auth/user").set("Cookie", cookie);
      expect(res.status).toBe(200);
      expect(res.headers["set-cookie"]?.[0]).toMatch(/Max-Age=2592000/);
    });
    const row = await t.db.prisma.session.findUniqueOrThrow({ where: { sid } });
    expect(row.expire.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
    // A fresh session is not rewritten on every request.
    const again = await request(t.app).get("/api/auth/user").set("Cookie", cookie);
    expect(again.headers["set-cookie"]).toBeUndefined();
  });
});

describe("two app instances on one database", () => {
  async function secondInstance() {
    const ctx = createServerContext({ config: t.config, db: t.db, logger: silentLogger });
    const stop = await watchRequestCaches(ctx);
    return { app: createApp(ctx, { clientDir: join(t.config.dataDir, "no-client") }), stop };
  }

  it("a sign-out on one ends the session on the other", async () => {
    const other = await secondInstance();
    try {
      const { cookie } = await signIn();
      expect((await request(other.app).get("/api/auth/user").set("Cookie", cookie)).status).toBe(200);
      expect((await request(t.app).post("/api/auth/logout").set("Cookie", cookie)).status).toBe(200);
      await vi.waitFor(async () => {
        expect((await request(other.app).get("/api/auth/user").set("Cookie", cookie)).status).toBe(401);
      });
    } finally {
      await other.stop();
    }
  });

  it("a change to the account made anywhere shows on the other", async () => {
    const other = await secondInstance();
    try {
      const { cookie, userId } = await signIn();
      const before = await request(other.app).get("/api/auth/user").set("Cookie", cookie);
      expect(before.body.subscriptionPlan).toBe("free");
      await t.db.prisma.user.update({
        where: { id: userId },
        data: { subscriptionPlan: "starter", subscriptionStatus: "active" },
      });
      await vi.waitFor(async () => {
        const after = await request(other.app).get("/api/auth/user").set("Cookie", cookie);
        expect(after.body.subscriptionPlan).toBe("starter");
      });
      await t.db.prisma.user.delete({ where: { id: userId } });
      await vi.waitFor(async () => {
        expect((await request(other.app).get("/api/auth/user").set("Cookie", cookie)).status).toBe(401);
      });
    } finally {
      await other.stop();
    }
  });
});
