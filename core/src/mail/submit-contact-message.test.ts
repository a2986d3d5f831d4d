import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors/index.ts";
import { silentLogger } from "../logger.ts";
import { createTestDatabase, type TestDatabase } from "../testing/database.ts";
import type { Mailer, MailMessage } from "./create-mailer.ts";
import { contactThankYouMessage, submitContactMessage } from "./submit-contact-message.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

const input = (subject: string) => ({
  name: "Margaret",
  email: "margaret@example.com",
  company: "Apollo",
  phone: undefined,
  subject,
  message: "Tell me more about the enterprise plan, please.",
});

function recordingMailer(fail = false): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    mode: "smtp",
    revealsCodes: false,
    sent,
    async send(message) {
      if (fail) throw new AppError("UNAVAILABLE", "We could not send the email right now.");
      sent.push(message);
    },
    close() {},
  };
}

describe("submitContactMessage", () => {
  it("stores the message and forwards it to the team", async () => {
    const mailer = recordingMailer();
    const result = await submitContactMessage(
      { prisma: db.prisma, mailer, contactTo: "team@example.com", logger: silentLogger },
      input("Forwarded message"),
    );
    expect(result.message).toBe(contactThankYouMessage);
    expect(result.stored).toMatchObject({ subject: "Forwarded message", userId: null, phone: null });
    expect(mailer.sent.map((m) => m.to)).toEqual(["team@example.com"]);
  });

  it("only stores the message when no address to forward to is configured", async () => {
    const mailer = recordingMailer();
    await submitContactMessage(
      { prisma: db.prisma, mailer, contactTo: undefined, logger: silentLogger },
      input("Kept only"),
    );
    expect(mailer.sent).toHaveLength(0);
    expect(await db.prisma.contactMessage.count({ where: { subject: "Kept only" } })).toBe(1);
  });

  it("keeps the message and thanks the sender when the mail server fails", async () => {
    const result = await submitContactMessage(
      { prisma: db.prisma, mailer: recordingMailer(true), contactTo: "team@example.com", logger: silentLogger },
      input("Mail server down"),
      { userId: undefined },
    );
    expect(result.message).toBe(contactThankYouMessage);
    expect(await db.prisma.contactMessage.count({ where: { subject: "Mail server down" } })).toBe(1);
  });
});
