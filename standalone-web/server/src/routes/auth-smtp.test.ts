// Registration with a real mail server: the code travels by email only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer } from "node:net";
import { createTestApp, startTestSmtpServer, testPassword, type TestApp, type TestSmtpServer } from "../testing/index.ts";

const registration = (email: string, password = testPassword) => ({ firstName: "Ada", lastName: "Lovelace", email, password });
const codeIn = (text: string) => /verification code is: (\d{6})/.exec(text)?.[1];

describe("with SMTP_URL set", () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtpServer({ user: "mailer", pass: "s3cret/pass" });
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: "Postwright <hello@postwright.example>" } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("emails the code through the SMTP server and never returns it", async () => {
    const email = t.uniqueEmail("smtp");
    const res = await t.request().post("/api/auth/register").send(registration(email));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      email,
      message: "Registration successful! Please check your email for a verification code.",
      emailDelivered: true,
    });
    expect((await t.request().get("/api/auth/verification")).body).toEqual({ emailDelivered: true });

    const mail = await smtp.waitForMail(email);
    expect(mail.from).toBe("hello@postwright.example");
    expect(mail.raw).toMatch(/^Subject: Your Postwright verification code\r?$/m);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    const code = codeIn(mail.text);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(`/verify-email?email=${encodeURIComponent(email)}`);
    // Sent mail is not copied to the log.
    expect(JSON.stringify(t.logs)).not.toContain(code);

    const verified = await t.request().post("/api/auth/verify-email").send({ email, code });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ email, isEmailVerified: true });
  });

  it("sends resent codes by email too", async () => {
    const email = t.uniqueEmail("smtp-resend");
    await t.request().post("/api/auth/register").send(registration(email));
    const resent = await t.request().post("/api/auth/resend-verification").send({ email });
    expect(resent.status).toBe(200);
    expect(resent.body.developmentCode).toBeUndefined();
    expect(resent.body).toMatchObject({
      message: "If a registration is waiting for this email, we have sent a new verification code to it.",
      emailDelivered: true,
    });
    const mails = smtp.received.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(2);
    const newest = codeIn(mails[1]!.text);
    const row = await t.db.prisma.emailVerification.findFirst({ where: { email }, orderBy: { id: "desc" } });
    expect(row?.code).toBe(newest);
  });

  it("answers a registration of an existing account identically, and only the owner's mailbox learns why", async () => {
    const owner = await t.createUser();
    const fresh = t.uniqueEmail("fresh");
    const forExisting = await t.request().post("/api/auth/register").send(registration(owner.email, "Other1!pw"));
    const forNew = await t.request().post("/api/auth/register").send(registration(fresh));
    expect(forExisting.status).toBe(forNew.status);
    expect({ ...forExisting.body, email: undefined }).toEqual({ ...forNew.body, email: undefined });
    expect(Object.keys(forExisting.headers).sort()).toEqual(Object.keys(forNew.headers).sort());

    const mail = await smtp.waitForMail(owner.email);
    expect(mail.raw).toMatch(/^Subject: You already have a Postwright account\r?$/m);
    expect(codeIn(mail.text)).toBeUndefined();
    expect(await t.db.prisma.emailVerification.count({ where: { email: owner.email, isUsed: false } })).toBe(0);
  });
});

describe("when the SMTP server cannot be reached", () => {
  let t: TestApp;

  beforeAll(async () => {
    // A port that was free a moment ago: connections to it are refused.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("tells the person to try again (503), not a server error, and a resend can follow", async () => {
    const email = t.uniqueEmail("down");
    const res = await t.request().post("/api/auth/register").send(registration(email));
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: "We could not send the email right now. Please try again in a few minutes." });
    expect(t.logs.some((e) => e.level === "error" && e.msg === "email could not be sent")).toBe(true);
    // The registration is kept, so "resend" works once mail is back.
    expect(await t.db.prisma.emailVerification.count({ where: { email } })).toBe(1);
  });
});
