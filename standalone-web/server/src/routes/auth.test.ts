import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "@postwright/core/contracts";
import { createTestApp, testPassword, type TestAgent, type TestApp } from "../testing/index.ts";

// One app (and database) for the file; every test uses its own email addresses.
let t: TestApp;
const adminEmail = "owner@example.com";

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL: "Owner@Example.com" } });
});
afterAll(async () => {
  await t?.close();
});

const registration = (email: string, password = testPassword) => ({ firstName: "Ada", lastName: "Lovelace", email, password });

async function register(agent: TestAgent, email: string, password = testPassword) {
  const res = await agent.post("/api/auth/register").send(registration(email, password));
  expect(res.status).toBe(200);
  return res.body as { email: string; message: string; emailDelivered: boolean; developmentCode?: string };
}

const pendingRows = (email: string) => t.db.prisma.emailVerification.findMany({ where: { email }, orderBy: { id: "asc" } });
const userRow = (email: string) => t.db.prisma.user.findUnique({ where: { email } });
const mailsTo = (email: string) =>
  t.logs.filter((e) => (e.obj.mail as { to?: string } | undefined)?.to === email).map((e) => e.obj.mail as { subject: string; text: string });

describe("POST /api/auth/register", () => {
  it.each([
    ["Ab1!", "Password must be at least 6 characters long"],
    ["abcdef1!", "Password must contain at least one uppercase letter"],
    ["ABCDEF1!", "Password must contain at least one lowercase letter"],
    ["Abcdefg!", "Password must contain at least one number"],
    ["Abcdefg1", "Password must contain at least one special character (@$!%*?&)"],
  ])("refuses the password %s with the message %s", async (password, message) => {
    const email = t.uniqueEmail("weak");
    const res = await t.request().post("/api/auth/register").send(registration(email, password));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await pendingRows(email)).toHaveLength(0);
  });

  it("refuses an invalid email and missing names", async () => {
    const bad = await t.request().post("/api/auth/register").send(registration("not-an-email"));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Invalid email address");
    const noName = await t.request()
      .post("/api/auth/register")
      .send({ ...registration(t.uniqueEmail()), firstName: "  " });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe("First name is required");
  });

  it("keeps the registration pending, emails a 6-digit code and, with no SMTP server, returns it", async () => {
    const email = t.uniqueEmail("new");
    const body = await register(t.agent(), email.toUpperCase());
    expect(body.email).toBe(email);
    // Without a mail server nothing is emailed, and the answer says so instead of promising an email.
    expect(body.message).toBe(
      "Registration successful! Email delivery is not configured on this site, so your verification code is shown on the next page.",
    );
    expect(body.emailDelivered).toBe(false);
    expect(body.developmentCode).toMatch(/^\d{6}$/);

    const [row, ...others] = await pendingRows(email);
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({ firstName: "Ada", lastName: "Lovelace", code: body.developmentCode, isUsed: false });
    expect(row?.hashedPassword).toMatch(/^\$argon2id\$/);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(15 * 60_000, -4);
    expect(await userRow(email)).toBeNull();

    // Development mail mode writes the email to the log: the code is there, the password never is.
    const [mail] = mailsTo(email);
    expect(mail?.subject).toBe("Your Postwright verification code");
    expect(mail?.text).toContain(body.developmentCode);
    expect(JSON.stringify(t.logs)).not.toContain(testPassword);
  });

  it("tells the verification page, and a request for a new code, that nothing is emailed without an SMTP server", async () => {
    expect((await t.request().get("/api/auth/verification")).body).toEqual({ emailDelivered: false });
    const email = t.uniqueEmail("resend-without-mail");
    await register(t.agent(), email);
    const resent = await t.request().post("/api/auth/resend-verification").send({ email });
    expect(resent.body).toMatchObject({
      message:
        "Email delivery is not configured on this site: if a registration is waiting for this email, its new code is shown on this page.",
      emailDelivered: false,
    });
    expect(resent.body.developmentCode).toMatch(/^\d{6}$/);
  });

  it("answers a registration of an existing account like any other, emails the owner instead, and changes nothing", async () => {
    const owner = await t.createUser();
    const res = await t.request().post("/api/auth/register").send(registration(owner.email, "Different1!"));
    expect(res.status).toBe(200);
    // Like a new registration, it starts a session in the browser.
    expect(res.headers["set-cookie"]?.[0]).toMatch(/^pw\.sid=/);
    expect(res.body).toEqual({
      email: owner.email,
      message:
        "Registration successful! Email delivery is not configured on this site, so your verification code is shown on the next page.",
      emailDelivered: false,
    });
    expect(await t.db.prisma.emailVerification.count({ where: { email: owner.email, isUsed: false } })).toBe(0);
    expect(mailsTo(owner.email).map((m) => m.subject)).toEqual(["You already have a Postwright account"]);

    // The account keeps its password: the new one does not sign in, the old one does.
    const wrong = await t.request().post("/api/auth/login").send({ email: owner.email, password: "Different1!" });
    expect(wrong.status).toBe(401);
    const right = await t.request().post("/api/auth/login").send({ email: owner.email, password: owner.password });
    expect(right.status).toBe(200);
  });

  it("replaces an earlier pending registration of the same email: only the newest code works", async () => {
    const email = t.uniqueEmail("again");
    const browser = t.agent();
    const first = await register(browser, email);
    let second = await register(browser, email);
    while (second.developmentCode === first.developmentCode) second = await register(browser, email);
    const old = await browser.post("/api/auth/verify-email").send({ email, code: first.developmentCode });
    expect(old.status).toBe(400);
    const current = await browser.post("/api/auth/verify-email").send({ email, code: second.developmentCode });
    expect(current.status).toBe(200);
  });

  it("keeps a second registrant's password off someone else's account: the code only works where the last registration was made", async () => {
    const email = t.uniqueEmail("contested");
    const owner = t.agent();
    const intruder = t.agent();
    await register(owner, email);
    const { developmentCode } = await register(intruder, email, "Intrud3r!pw");
    // The code reaches the owner's mailbox; entered in the owner's browser (or any other), it is refused.
    for (const browser of [owner, t.agent()]) {
      const res = await browser.post("/api/auth/verify-email").send({ email, code: developmentCode });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        "This email was registered more than once. To protect the account, enter the code in the browser where you registered last, or register again here.",
      );
    }
    expect(await userRow(email)).toBeNull();
    // Registering again in the owner's browser, then entering that code there, creates the owner's account.
    const again = await register(owner, email);
    expect((await owner.post("/api/auth/verify-email").send({ email, code: again.developmentCode })).status).toBe(200);
    const intruderLogin = await t.request().post("/api/auth/login").send({ email, password: "Intrud3r!pw" });
    expect(intruderLogin.status).toBe(401);
  });
});

describe("POST /api/auth/verify-email", () => {
  it("creates the verified account from the pending registration and signs the person in", async () => {
    const agent = t.agent();
    const email = t.uniqueEmail("verify");
    const { developmentCode } = await register(agent, email);

    const res = await agent.post("/api/auth/verify-email").send({ email, code: developmentCode });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email, firstName: "Ada", lastName: "Lovelace", isEmailVerified: true, isAdmin: false });
    expect(res.headers["set-cookie"]?.[0]).toMatch(/^pw\.sid=.*HttpOnly.*SameSite=Lax/i);

    const user = await userRow(email);
    expect(user).toMatchObject({ isEmailVerified: true, subscriptionPlan: "free", subscriptionStatus: "free" });
    expect(user?.password).toMatch(/^\$argon2id\$/);
    const me = await agent.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user?.id);
  });

  it("starts the new account in the time zone of the browser it was verified in, UTC when that zone is unknown", async () => {
    const inTokyo = t.uniqueEmail("tokyo");
    const tokyo = await register(t.agent(), inTokyo);
    await t.request().post("/api/auth/verify-email").send({ email: inTokyo, code: tokyo.developmentCode, timeZone: "Asia/Tokyo" });
    expect((await userRow(inTokyo))?.timeZone).toBe("Asia/Tokyo");

    const onMars = t.uniqueEmail("mars");
    const mars = await register(t.agent(), onMars);
    const res = await t.request()
      .post("/api/auth/verify-email")
      .send({ email: onMars, code: mars.developmentCode, timeZone: "Mars/Olympus_Mons" });
    expect(res.status).toBe(200);
    expect((await userRow(onMars))?.timeZone).toBe("UTC");
  });

  it("refuses a wrong code and keeps the registration pending", async () => {
    const email = t.uniqueEmail("wrong");
    const { developmentCode } = await register(t.agent(), email);
    const wrongCode = developmentCode === "000000" ? "000001" : "000000";
    const res = await t.request().post("/api/auth/verify-email").send({ email, code: wrongCode });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Invalid verification code. Please check it and try again, or request a new code.");
    expect(await userRow(email)).toBeNull();
    expect((await pendingRows(email))[0]?.failedAttempts).toBe(1);
  });

  it("kills a code after 5 wrong tries: even the right code is then refused until a new one is sent", async () => {
    const email = t.uniqueEmail("guess");
    const { developmentCode } = await register(t.agent(), email);
    const wrongCodes = ["000000", "111111", "222222", "333333", "444444", "555555"].filter((c) => c !== developmentCode);
    const messages: string[] = [];
    for (const code of wrongCodes.slice(0, 5)) {
      const res = await t.request().post("/api/auth/verify-email").send({ email, code });
      expect(res.status).toBe(400);
      messages.push(res.body.message);
    }
    expect(messages.at(-1)).toBe("Invalid verification code. That was the last try for this code: please request a new one.");

    const right = await t.request().post("/api/auth/verify-email").send({ email, code: developmentCode });
    expect(right.status).toBe(400);
    expect(right.body.message).toBe("Too many incorrect codes. Please request a new code.");
    expect(await userRow(email)).toBeNull();

    const resent = await t.request().post("/api/auth/resend-verification").send({ email });
    const fresh = await t.request().post("/api/auth/verify-email").send({ email, code: resent.body.developmentCode });
    expect(fresh.status).toBe(200);
  });

  it("refuses an expired code with a message saying what to do", async () => {
    const email = t.uniqueEmail("late");
    const { developmentCode } = await register(t.agent(), email);
    await t.db.prisma.emailVerification.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await t.request().post("/api/auth/verify-email").send({ email, code: developmentCode });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The code has expired. Request a new one.");
    expect(await userRow(email)).toBeNull();
  });

  it("accepts a code once", async () => {
    const email = t.uniqueEmail("once");
    const { developmentCode } = await register(t.agent(), email);
    const first = await t.request().post("/api/auth/verify-email").send({ email, code: developmentCode });
    expect(first.status).toBe(200);
    const again = await t.agent().post("/api/auth/verify-email").send({ email, code: developmentCode });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("Invalid verification code. Please check it and try again, or request a new code.");
    expect(again.headers["set-cookie"]).toBeUndefined();
    expect(await t.db.prisma.user.count({ where: { email } })).toBe(1);
  });

  it("checks the shape of the code and of the email", async () => {
    const res = await t.request().post("/api/auth/verify-email").send({ email: t.uniqueEmail(), code: "12a456" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Verification code must be 6 digits");
    const noEmail = await t.request().post("/api/auth/verify-email").send({ email: "nope", code: "123456" });
    expect(noEmail.body.message).toBe("Invalid email address");
  });
});

describe("POST /api/auth/resend-verification", () => {
  it("sends a new code that works, and the old code stops working", async () => {
    const email = t.uniqueEmail("resend");
    const first = await register(t.agent(), email);
    let resent = await t.request().post("/api/auth/resend-verification").send({ email });
    while (resent.body.developmentCode === first.developmentCode) {
      resent = await t.request().post("/api/auth/resend-verification").send({ email });
    }
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(
      "Email delivery is not configured on this site: if a registration is waiting for this email, its new code is shown on this page.",
    );
    expect(resent.body.developmentCode).toMatch(/^\d{6}$/);
    expect(mailsTo(email).at(-1)?.text).toContain(resent.body.developmentCode);

    const old = await t.request().post("/api/auth/verify-email").send({ email, code: first.developmentCode });
    expect(old.status).toBe(400);
    const current = await t.request().post("/api/auth/verify-email").send({ email, code: resent.body.developmentCode });
    expect(current.status).toBe(200);
    expect(current.body.firstName).toBe("Ada");
  });

  it("answers the same for an unknown email or an existing account, and sends nothing", async () => {
    const unknown = t.uniqueEmail("nobody");
    const { email: existing } = await t.createUser();
    for (const email of [unknown, existing]) {
      const res = await t.request().post("/api/auth/resend-verification").send({ email });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        email,
        message:
          "Email delivery is not configured on this site: if a registration is waiting for this email, its new code is shown on this page.",
        emailDelivered: false,
      });
      expect(mailsTo(email)).toHaveLength(0);
    }
  });

  it("needs an email", async () => {
    const res = await t.request().post("/api/auth/resend-verification").send({ email: "" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Email required: Please enter your email address first.");
  });

  it("is rate limited per email", async () => {
    const email = t.uniqueEmail("spam");
    await register(t.agent(), email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.request().post("/api/auth/resend-verification").send({ email })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await t.request().post("/api/auth/resend-verification").send({ email });
    expect(limited.body.message).toBe("Too many verification codes requested. Please try again in 15 minutes.");
    expect(limited.headers["retry-after"]).toBeDefined();
  });
});

describe("POST /api/auth/login", () => {
  it("signs in with the right password and returns the current user", async () => {
    const { email, password } = await t.createUser({ firstName: "Grace", lastName: "Hopper" });
    const agent = t.agent();
    const res = await agent.post("/api/auth/login").send({ email: ` ${email.toUpperCase()} `, password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email, firstName: "Grace", lastName: "Hopper", isAdmin: false });
    expect((await agent.get("/api/auth/user")).body.email).toBe(email);
  });

  it("gives the same answer for a wrong password and an unknown email", async () => {
    const { email } = await t.createUser();
    const wrong = await t.request().post("/api/auth/login").send({ email, password: "Wrong1!pass" });
    const unknown = await t.request().post("/api/auth/login").send({ email: t.uniqueEmail("ghost"), password: "Wrong1!pass" });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Invalid email or password" });
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("tells a pending registration with the right password to verify first, and nobody else", async () => {
    const email = t.uniqueEmail("pending");
    await register(t.agent(), email);
    const right = await t.request().post("/api/auth/login").send({ email, password: testPassword });
    expect(right.status).toBe(403);
    expect(right.body.message).toBe(
      "Please verify your email before signing in: enter the 6-digit code we emailed you, or request a new one.",
    );
    expect(right.headers["set-cookie"]).toBeUndefined();
    const wrong = await t.request().post("/api/auth/login").send({ email, password: "Wrong1!pass" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("Invalid email or password");
  });

  it("checks the form", async () => {
    const noPassword = await t.request().post("/api/auth/login").send({ email: t.uniqueEmail(), password: "" });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toBe("Password is required");
    const badEmail = await t.request().post("/api/auth/login").send({ email: "x", password: "y" });
    expect(badEmail.body.message).toBe("Invalid email address");
  });

  it("gives a new session id on each sign-in, and the previous one stops working", async () => {
    const first = await t.createUser();
    const second = await t.createUser();
    const agent = t.agent();
    const a = await agent.post("/api/auth/login").send({ email: first.email, password: first.password });
    const oldCookie = a.headers["set-cookie"]![0]!.split(";")[0]!;
    const b = await agent.post("/api/auth/login").send({ email: second.email, password: second.password });
    const newCookie = b.headers["set-cookie"]![0]!.split(";")[0]!;
    expect(newCookie).not.toBe(oldCookie);
    expect((await agent.get("/api/auth/user")).body.email).toBe(second.email);
    const replay = await t.request().get("/api/auth/user").set("Cookie", oldCookie);
    expect(replay.status).toBe(401);
  });
});

describe("POST /api/auth/logout", () => {
  it("ends the session and clears the cookie", async () => {
    const { email, password } = await t.createUser();
    const agent = t.agent();
    const signedIn = await agent.post("/api/auth/login").send({ email, password });
    const cookie = signedIn.headers["set-cookie"]![0]!.split(";")[0]!;
    expect((await agent.get("/api/auth/user")).status).toBe(200);
    const res = await agent.post("/api/auth/logout");
    expect(res.status).toBe(200);
    expect(res.headers["set-cookie"]?.[0]).toMatch(/^pw\.sid=;.*Expires=Thu, 01 Jan 1970/);
    expect((await agent.get("/api/auth/user")).status).toBe(401);
    // The old session is gone from the store too, not only from this browser.
    const replay = await t.request().get("/api/auth/user").set("Cookie", cookie);
    expect(replay.status).toBe(401);
  });
});

describe("GET /api/auth/user", () => {
  it("is 401 Unauthorized when signed out", async () => {
    const res = await t.request().get("/api/auth/user");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthorized" });
  });

  it("returns the current user's fields, never the password", async () => {
    const agent = t.agent();
    const { user } = await t.signUpAndLogin(agent, { firstName: "Alan", lastName: "Turing" });
    const res = await agent.get("/api/auth/user");
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const expected: CurrentUser = {
      id: user.id,
      email: user.email,
      firstName: "Alan",
      lastName: "Turing",
      profileImageUrl: null,
      isEmailVerified: true,
      subscriptionPlan: "free",
      subscriptionStatus: "free",
      subscriptionEndDate: null,
      isAdmin: false,
      timeZone: "UTC",
      createdAt: user.createdAt.toISOString(),
    };
    expect(res.body).toEqual(expected);
  });

  it("marks the account of ADMIN_EMAIL as the administrator", async () => {
    const agent = t.agent();
    await t.signUpAndLogin(agent, { email: adminEmail });
    const res = await agent.get("/api/auth/user");
    expect(res.body).toMatchObject({ email: adminEmail, isAdmin: true });
  });
});

describe("GET /api/login", () => {
  it("sends the browser to the site's own sign-in page", async () => {
    const res = await t.request().get("/api/login");
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/login");
  });
});

describe("requests the API refuses", () => {
  const login = { email: "someone@example.com", password: "x" };

  it("refuses a write from another site (CSRF)", async () => {
    const crossSite = await t.request().post("/api/auth/login").set("Sec-Fetch-Site", "cross-site").send(login);
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.message).toBe("This request came from another site and was refused.");
    const foreignOrigin = await t.request().post("/api/auth/logout").set("Origin", "https://evil.example");
    expect(foreignOrigin.status).toBe(403);
    const sameOrigin = await t.request()
      .post("/api/auth/login")
      .set("Host", "localhost:3000")
      .set("Origin", "http://localhost:3000")
      .set("Sec-Fetch-Site", "same-origin")
      .send(login);
    expect(sameOrigin.status).toBe(401);
  });

  it("answers malformed JSON with 400", async () => {
    const res = await t.request().post("/api/auth/login").set("Content-Type", "application/json").send('{"email":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "The request body is not valid JSON." });
  });

  it("answers an oversized body with 413", async () => {
    const res = await t.request()
      .post("/api/auth/register")
      .send({ ...registration("big@example.com"), firstName: "x".repeat(2_200_000) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: "The request is too large." });
  });

  it("answers a missing body with a validation message, not a crash", async () => {
    const res = await t.request().post("/api/auth/register");
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe("string");
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const res = await t.request().get("/api/auth/nothing-here");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "There is no API endpoint GET /api/auth/nothing-here." });
  });
});
