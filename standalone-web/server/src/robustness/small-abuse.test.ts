// Robustness: requests an attacker or a broken client sends, each answered as a person can act on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { silentLogger } from "@postwright/core/logger";
import { createTestDatabase } from "@postwright/core/testing";
import { createApp } from "../app.ts";
import { createServerContext } from "../context.ts";
import { nulMessage } from "../http/reject-nul.ts";
import { createTestApp, type TestApp } from "../testing/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("a NUL character in a text field", () => {
  it.each([
    ["/api/auth/register", { firstName: "A\u0000", lastName: "B", email: "nul@example.com", password: "Passw0rd!" }],
    ["/api/auth/login", { email: "nul@example.com", password: "Pass\u0000w0rd!" }],
    ["/api/auth/resend-verification", { email: "nul\u0000@example.com" }],
    ["/api/contact", { name: "N", email: "n@example.com", subject: "S", message: "hello\u0000" }],
    ["/api/auth/login", { ["em\u0000ail"]: "x" }],
  ])("is refused with 400 at %s", async (path, body) => {
    const res = await request(t.app).post(path).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(nulMessage);
  });

  it("is refused with 400 when signed in, in a post's edit", async () => {
    const agent = t.agent();
    await t.signUpAndLogin(agent);
    const res = await agent.patch("/api/blog-posts/1").send({ title: "T\u0000" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(nulMessage);
  });
});

it("keeps the signed-in users in memory when someone without a session sends a POST", async () => {
  const agent = t.agent();
  const { user } = await t.signUpAndLogin(agent);
  expect((await agent.get("/api/auth/user")).status).toBe(200);
  const cached = t.ctx.caches.users.size;
  expect(cached).toBeGreaterThan(0);
  await request(t.app).post("/api/auth/logout").send({});
  await request(t.app).post("/api/contact").send({});
  expect(t.ctx.caches.users.size).toBe(cached);
  expect(user.id).toBeGreaterThan(0);
});

it("answers the health check with 503 while the database is down", async () => {
  expect((await request(t.app).get("/api/health")).status).toBe(200);
  const down = await createTestDatabase();
  await down.close();
  const app = createApp(createServerContext({ config: t.config, db: down, logger: silentLogger }), { clientDir: "/nonexistent" });
  const res = await request(app).get("/api/health");
  expect(res.status).toBe(503);
  expect(res.body).toMatchObject({ status: "unavailable", message: "The database does not answer." });
}, 120_000);

describe("mail a stranger can have sent", () => {
  it.each(["Visit evil.com", "<a href=x>Prize</a>", "http://x.example", "win@prizes", "www.prize"])(
    "refuses the name %s, which would carry a link or markup into the email",
    async (firstName) => {
      const res = await request(t.app)
        .post("/api/auth/register")
        .send({ firstName, lastName: "B", email: t.uniqueEmail("name"), password: "Passw0rd!" });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("First name cannot contain links, email addresses or the characters < > / \\ : @ { } [ ]");
    },
  );

  it("sends at most 6 emails an hour to one address, registrations and new codes together", async () => {
    const email = t.uniqueEmail("mailbomb");
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await request(t.app).post("/api/auth/register").send({ firstName: "A", lastName: "B", email, password: "Passw0rd!" }))
          .status,
      );
    }
    for (let i = 0; i < 4; i++) statuses.push((await request(t.app).post("/api/auth/resend-verification").send({ email })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});
