// The account's settings through the API, with mail going through a real SMTP server: changing the password, a
// forgotten password, changing the email, seeing and ending sessions (on every app instance), the absolute session
// lifetime, the data export and deleting the account.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { createApp } from "../app.ts";
import { createServerContext, watchRequestCaches } from "../context.ts";
import {
  createTestApp,
  startTestSmtpServer,
  testPassword,
  type TestAgent,
  type TestApp,
  type TestSmtpServer,
} from "../testing/index.ts";

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, ADMIN_EMAIL: "boss@example.com" } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
const codeIn = (text: string) => /Your code is: (\d{6})/.exec(text)?.[1];
async function latestCodeTo(email: string, subject: string): Promise<string> {
  await expect
    .poll(() => mailsTo(email).filter((m) => m.raw.includes(`Subject: ${subject}`)).length)
    .toBeGreaterThan(0);
  const mail = mailsTo(email)
    .filter((m) => m.raw.includes(`Subject: ${subject}`))
    .at(-1)!;
  return codeIn(mail.text)!;
}

async function signedIn(agent: TestAgent, userAgent: string, credentials: { email: string; password: string }) {
  const res = await agent.post("/api/auth/login").set("User-Agent", userAgent).send(credentials);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return agent;
}

describe("changing the password", () => {
  it("needs the current password, ends every other session, keeps this one and mails a notice", async () => {
    const person = await t.createUser();
    const laptop = await signedIn(t.agent(), "Laptop", person);
    const phone = await signedIn(t.agent(), "Phone", person);

    const wrong = await laptop
      .post("/api/account/password")
      .send({ currentPassword: "Wrong1!pass", newPassword: "Fresh1!pass" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("Your current password is not right. Please try again.");
    expect((await phone.get("/api/auth/user")).status).toBe(200);

    const weak = await laptop
      .post("/api/account/password")
      .send({ currentPassword: testPassword, newPassword: "short" });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe("Password must be at least 6 characters long");

    const changed = await laptop
      .post("/api/account/password")
      .send({ currentPassword: testPassword, newPassword: "Fresh1!pass" });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe("Your password was changed. Every other device was signed out.");
    expect((await phone.get("/api/auth/user")).status).toBe(401);
    expect((await laptop.get("/api/auth/user")).status).toBe(200);
    await expect
      .poll(() => mailsTo(person.email).some((m) => m.raw.includes("Subject: Your Postwright password was changed")))
      .toBe(true);

    expect((await t.agent().post("/api/auth/login").send(person)).status).toBe(401);
    expect(
      (await t.agent().post("/api/auth/login").send({ email: person.email, password: "Fresh1!pass" })).status,
    ).toBe(200);
  });
});

describe("a forgotten password", () => {
  it("answers the same whether or not the account exists, and never returns the code", async () => {
    const person = await t.createUser();
    const known = await t.agent().post("/api/auth/forgot-password").send({ email: person.email });
    const unknown = await t.agent().post("/api/auth/forgot-password").send({ email: "nobody-at-all@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({
      message: "If an account uses this email, we have sent it a code to reset the password. It works for 30 minutes.",
    });
    expect(JSON.stringify(known.body)).not.toMatch(/\d{6}/);
    await latestCodeTo(person.email, "Reset your Postwright password");
    expect(mailsTo("nobody-at-all@example.com")).toHaveLength(0);
  });

  it("sets a new password with the mailed code, once, and signs out every session", async () => {
    const person = await t.createUser();
    const browser = await signedIn(t.agent(), "Desk", person);
    await t.agent().post("/api/auth/forgot-password").send({ email: person.email });
    const code = await latestCodeTo(person.email, "Reset your Postwright password");

    const reset = await t
      .agent()
      .post("/api/auth/reset-password")
      .send({ email: person.email, code, password: "Reborn1!pass" });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe("Your password was reset. Please sign in with the new one.");
    expect((await browser.get("/api/auth/user")).status).toBe(401);
    expect(
      (await t.agent().post("/api/auth/login").send({ email: person.email, password: "Reborn1!pass" })).status,
    ).toBe(200);

    const again = await t
      .agent()
      .post("/api/auth/reset-password")
      .send({ email: person.email, code, password: "Again1!pass" });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("That code has expired or was already used. Please ask for a new code.");
  });

  it("refuses a wrong code and a code for an unknown email alike", async () => {
    const person = await t.createUser();
    await t.agent().post("/api/auth/forgot-password").send({ email: person.email });
    const code = await latestCodeTo(person.email, "Reset your Postwright password");
    const wrongCode = code === "123456" ? "654321" : "123456";
    const wrong = await t
      .agent()
      .post("/api/auth/reset-password")
      .send({ email: person.email, code: wrongCode, password: "Reborn1!pass" });
    expect(wrong.status).toBe(400);
    const unknown = await t
      .agent()
      .post("/api/auth/reset-password")
      .send({ email: "ghost@example.com", code, password: "Reborn1!pass" });
    expect(unknown.status).toBe(400);
    const badInput = await t
      .agent()
      .post("/api/auth/reset-password")
      .send({ email: person.email, code: "12", password: "Reborn1!pass" });
    expect(badInput.status).toBe(400);
    expect(badInput.body.message).toBe("The code must be 6 digits");
  });
});

describe("changing the email address", () => {
  it("confirms the new address with a code sent there, and tells the old one", async () => {
    const person = await t.createUser();
    const agent = await signedIn(t.agent(), "Desk", person);
    const newEmail = t.uniqueEmail("moved");
    const asked = await agent
      .post("/api/account/email")
      .send({ currentPassword: testPassword, newEmail: newEmail.toUpperCase() });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      message: "We have sent a 6-digit code to the new address. Enter it here to confirm the change.",
      newEmail,
    });
    const code = await latestCodeTo(newEmail, "Confirm your new Postwright email address");
    expect((await agent.get("/api/auth/user")).body.email).toBe(person.email);

    const confirmed = await agent.post("/api/account/email/confirm").send({ code });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.email).toBe(newEmail);
    expect((await agent.get("/api/auth/user")).body.email).toBe(newEmail);
    await expect
      .poll(() =>
        mailsTo(person.email).some((m) => m.raw.includes("Subject: Your Postwright email address was changed")),
      )
      .toBe(true);
    expect((await t.agent().post("/api/auth/login").send({ email: newEmail, password: testPassword })).status).toBe(
      200,
    );
  });

  it("refuses an address another account uses", async () => {
    const person = await t.createUser();
    const other = await t.createUser();
    const agent = await signedIn(t.agent(), "Desk", person);
    const res = await agent.post("/api/account/email").send({ currentPassword: testPassword, newEmail: other.email });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Another account already uses this email address.");
  });
});

describe("the account's time zone", () => {
  it("starts at UTC, takes a known IANA zone, and refuses anything else with what to do", async () => {
    const person = await t.createUser();
    const agent = await signedIn(t.agent(), "Desk", person);
    expect((await agent.get("/api/auth/user")).body.timeZone).toBe("UTC");

    const saved = await agent.put("/api/account/time-zone").send({ timeZone: "America/New_York" });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ timeZone: "America/New_York", message: "Your time zone is now America/New_York." });
    expect((await agent.get("/api/auth/user")).body.timeZone).toBe("America/New_York");

    for (const timeZone of ["Mars/Olympus_Mons", "", 42]) {
      const refused = await agent.put("/api/account/time-zone").send({ timeZone });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe("Choose a time zone from the list, such as Europe/Paris.");
    }
    expect((await agent.get("/api/auth/user")).body.timeZone).toBe("America/New_York");
    expect((await t.agent().put("/api/account/time-zone").send({ timeZone: "Europe/Paris" })).status).toBe(401);
  });
});

describe("sessions", () => {
  it("lists the user's sessions with device, address and times, the current one marked, and ends one", async () => {
    const person = await t.createUser();
    const laptop = await signedIn(t.agent(), "Laptop browser", person);
    const phone = await signedIn(t.agent(), "Phone browser", person);
    const listed = await laptop.get("/api/account/sessions");
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(2);
    const mine = listed.body.find((s: { current: boolean }) => s.current);
    const theirs = listed.body.find((s: { current: boolean }) => !s.current);
    expect(mine).toMatchObject({
      userAgent: "Laptop browser",
      ipAddress: expect.any(String),
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
    });
    expect(theirs.userAgent).toBe("Phone browser");

    const ended = await laptop.delete(`/api/account/sessions/${theirs.id}`);
    expect(ended.status).toBe(200);
    expect((await phone.get("/api/auth/user")).status).toBe(401);
    expect((await laptop.get("/api/auth/user")).status).toBe(200);
    expect((await laptop.delete(`/api/account/sessions/${theirs.id}`)).status).toBe(404);
  });

  it("cannot end another user's session", async () => {
    const [a, b] = [await t.createUser(), await t.createUser()];
    const agentA = await signedIn(t.agent(), "A", a);
    const agentB = await signedIn(t.agent(), "B", b);
    const [sessionB] = (await agentB.get("/api/account/sessions")).body as { id: string }[];
    expect((await agentA.delete(`/api/account/sessions/${sessionB!.id}`)).status).toBe(404);
    expect((await agentB.get("/api/auth/user")).status).toBe(200);
  });

  it("signs out everywhere, this browser included", async () => {
    const person = await t.createUser();
    const one = await signedIn(t.agent(), "One", person);
    const two = await signedIn(t.agent(), "Two", person);
    const res = await one.post("/api/account/sign-out-everywhere");
    expect(res.status).toBe(200);
    expect(res.headers["set-cookie"]?.[0]).toMatch(/^pw\.sid=;/);
    expect((await one.get("/api/auth/user")).status).toBe(401);
    expect((await two.get("/api/auth/user")).status).toBe(401);
  });

  it("ends a session on every app instance sharing the database, not only the one that ended it", async () => {
    // A second instance: its own context and memory, the same database.
    const other = createServerContext({ config: t.config, db: t.db, logger: t.ctx.logger });
    const stopWatching = await watchRequestCaches(other);
    try {
      const secondApp = createApp(other, { clientDir: join(t.config.dataDir, "no-client") });
      const person = await t.createUser();
      const agent = t.agent();
      const login = await agent.post("/api/auth/login").send(person);
      // The same browser, its requests sent to one instance or the other by a load balancer.
      const cookieHeader = String(login.headers["set-cookie"]?.[0]).split(";")[0]!;
      // The second instance has the session and user in memory after one request.
      expect((await request(secondApp).get("/api/auth/user").set("Cookie", cookieHeader)).status).toBe(200);
      expect((await request(secondApp).get("/api/auth/user").set("Cookie", cookieHeader)).status).toBe(200);

      await agent.post("/api/account/sign-out-everywhere");
      await expect
        .poll(async () => (await request(secondApp).get("/api/auth/user").set("Cookie", cookieHeader)).status)
        .toBe(401);
    } finally {
      await stopWatching();
    }
  });

  it("ends a session 90 days after sign-in however recently it was used", async () => {
    const person = await t.createUser();
    const agent = await signedIn(t.agent(), "Desk", person);
    expect((await agent.get("/api/auth/user")).status).toBe(200);
    const longAgo = new Date(Date.now() - 90 * 86_400_000 - 1000);
    await t.db.prisma.session.updateMany({ where: { userId: person.user.id }, data: { signedInAt: longAgo } });
    await expect.poll(async () => (await agent.get("/api/auth/user")).status).toBe(401);
  });
});

describe("the account's data and its deletion", () => {
  it("downloads the account's data as a JSON file without secrets", async () => {
    const person = await t.createUser({ firstName: "Exporter" });
    const agent = await signedIn(t.agent(), "Desk", person);
    const res = await agent.get("/api/account/export");
    expect(res.status).toBe(200);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="postwright-account-${person.user.id}.json"`);
    expect(res.body.account).toMatchObject({ email: person.email, firstName: "Exporter" });
    expect(res.body.posts).toEqual([]);
    expect(JSON.stringify(res.body)).not.toContain("$argon2");
  });

  it("deletes the account with its password, signs out and mails a notice", async () => {
    const person = await t.createUser();
    const agent = await signedIn(t.agent(), "Desk", person);
    const elsewhere = await signedIn(t.agent(), "Elsewhere", person);
    const wrong = await agent.post("/api/account/delete").send({ password: "Wrong1!pass" });
    expect(wrong.status).toBe(400);
    expect((await agent.get("/api/auth/user")).status).toBe(200);

    const res = await agent.post("/api/account/delete").send({ password: testPassword });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Your account and everything in it were deleted.");
    expect((await agent.get("/api/auth/user")).status).toBe(401);
    expect((await elsewhere.get("/api/auth/user")).status).toBe(401);
    expect((await t.agent().post("/api/auth/login").send(person)).status).toBe(401);
    await expect
      .poll(() => mailsTo(person.email).some((m) => m.raw.includes("Subject: Your Postwright account was deleted")))
      .toBe(true);
  });

  it("refuses to delete the administrator account", async () => {
    const admin = await t.createUser({ email: "boss@example.com" });
    const agent = await signedIn(t.agent(), "Desk", admin);
    const res = await agent.post("/api/account/delete").send({ password: testPassword });
    expect(res.status).toBe(403);
    expect((await agent.get("/api/auth/user")).status).toBe(200);
  });

  it("needs a signed-in user", async () => {
    for (const [method, path] of [
      ["get", "/api/account/sessions"],
      ["get", "/api/account/export"],
      ["post", "/api/account/delete"],
      ["post", "/api/account/password"],
    ] as const) {
      expect((await t.agent()[method](path)).status).toBe(401);
    }
  });
});
