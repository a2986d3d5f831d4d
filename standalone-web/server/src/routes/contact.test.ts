import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, startTestSmtpServer, type TestApp, type TestSmtpServer } from "../testing/index.ts";
import { conformsTo } from "../testing/openapi-conformance.ts";
import { siteApiDocument } from "./site-api-document.ts";

/** Every answer is checked against the site API's OpenAPI document. */
const check = conformsTo(siteApiDocument("https://app.example.com"), "/api");

const thanks = "Thank you for your message! We'll get back to you within 24 hours.";
const contactEmail = "team@postwright.example";

const form = (overrides: Record<string, unknown> = {}) => ({
  name: "Margaret Hamilton",
  email: "margaret@example.com",
  company: "Apollo Software",
  phone: "+1 555 0100",
  subject: "Enterprise plan for our stores",
  message: "We run twelve Shopify stores and would like to hear about the enterprise plan.",
  ...overrides,
});

describe("POST /api/contact (no SMTP server)", () => {
  let t: TestApp;

  beforeAll(async () => {
    // Behind one proxy hop, so tests can speak from different client addresses.
    t = await createTestApp({ env: { CONTACT_EMAIL: contactEmail, TRUST_PROXY: "1" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    [{ name: "M" }, "Name must be at least 2 characters"],
    [{ email: "margaret-at-example" }, "Please enter a valid email address"],
    [{ company: "A" }, "Company name must be at least 2 characters"],
    [{ subject: "Hi" }, "Subject must be at least 5 characters"],
    [{ message: "Too short to read." }, "Message must be at least 20 characters"],
  ])("refuses %o with the form's message", async (overrides, message) => {
    const res = await t.request()
      .post("/api/contact")
      .expect(check)
      .set("X-Forwarded-For", "203.0.113.1")
      .send(form(overrides));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("stores a visitor's message, without a phone when none is given, and promises an answer within 24 hours", async () => {
    const subject = "Question about the free plan";
    const res = await t.request()
      .post("/api/contact")
      .expect(check)
      .set("X-Forwarded-For", "203.0.113.2")
      .send(form({ phone: "", subject }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: thanks });
    const row = await t.db.prisma.contactMessage.findFirst({ where: { subject } });
    expect(row).toMatchObject({ userId: null, name: "Margaret Hamilton", company: "Apollo Software", phone: null });
    // Without SMTP the message that would have been sent to the team is in the log.
    const logged = t.logs.find(
      (e) => (e.obj.mail as { subject?: string } | undefined)?.subject === `Contact form: ${subject}`,
    );
    expect((logged?.obj.mail as { to: string; replyTo: string }) ?? {}).toMatchObject({
      to: contactEmail,
      replyTo: "margaret@example.com",
    });
  });

  it("links the message to the account of a signed-in sender", async () => {
    const agent = t.agent();
    const { user } = await t.signUpAndLogin(agent);
    const subject = "Billing question from a member";
    const res = await agent
      .post("/api/contact")
      .expect(check)
      .set("X-Forwarded-For", "203.0.113.3")
      .send(form({ subject }));
    expect(res.status).toBe(200);
    const row = await t.db.prisma.contactMessage.findFirst({ where: { subject } });
    expect(row?.userId).toBe(user.id);
    expect(row?.phone).toBe("+1 555 0100");
  });

  it("accepts 10 messages an hour from one address; refused forms do not count", async () => {
    const from = "203.0.113.4";
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await t.request()
            .post("/api/contact")
            .expect(check)
            .set("X-Forwarded-For", from)
            .send(form({ name: "" }))
        ).status,
      ).toBe(400);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await t.request()
            .post("/api/contact")
            .expect(check)
            .set("X-Forwarded-For", from)
            .send(form({ subject: `Limit test ${i}` }))
        ).status,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    const limited = await t.request().post("/api/contact").expect(check).set("X-Forwarded-For", from).send(form());
    expect(limited.body.message).toBe("You have sent several messages already. Please try again in an hour.");
    expect(await t.db.prisma.contactMessage.count({ where: { subject: { startsWith: "Limit test" } } })).toBe(10);

    const elsewhere = await t.request()
      .post("/api/contact")
      .expect(check)
      .set("X-Forwarded-For", "203.0.113.5")
      .send(form());
    expect(elsewhere.status).toBe(200);
  });
});

describe("POST /api/contact with SMTP_URL set", () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, ADMIN_EMAIL: contactEmail } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("emails the message to the team (CONTACT_EMAIL, else ADMIN_EMAIL) with the sender as Reply-To", async () => {
    const res = await t.request()
      .post("/api/contact")
      .expect(check)
      .send(form({ message: "Please quote <b>12 stores</b> & tell me about the SLA, thanks!" }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: thanks });
    const mail = await smtp.waitForMail(contactEmail);
    expect(mail.raw).toMatch(/^Subject: Contact form: Enterprise plan for our stores\r?$/m);
    expect(mail.raw).toMatch(/^Reply-To: margaret@example\.com\r?$/m);
    expect(mail.text).toContain("Company: Apollo Software");
    expect(mail.text).toContain("Please quote <b>12 stores</b> & tell me about the SLA, thanks!");
    // In the HTML part the sender's text is escaped, never markup.
    expect(mail.text).toContain("Please quote &#60;b&#62;12 stores&#60;/b&#62; &#38; tell me");
    expect(await t.db.prisma.contactMessage.count()).toBe(1);
  });

  it("keeps a subject on one line", async () => {
    const res = await t.request()
      .post("/api/contact")
      .expect(check)
      .send(form({ subject: "Hello\r\nBcc: victim@example.com" }));
    expect(res.status).toBe(200);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual([contactEmail]);
    const headers = mail.raw.split(/\r?\n\r?\n/)[0];
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(headers).toMatch(/^Subject: Contact form: Hello Bcc: victim@example\.com\r?$/m);
  });
});
