import { describe, expect, it } from "vitest";
import type { Logger } from "../logger.ts";
import { createMailer } from "./create-mailer.ts";

function memoryLogger() {
  const lines: { obj: Record<string, unknown>; msg: string | undefined }[] = [];
  const logger: Logger = {
    debug: (obj, msg) => void lines.push({ obj: obj as Record<string, unknown>, msg }),
    info: (obj, msg) => void lines.push({ obj: obj as Record<string, unknown>, msg }),
    warn: (obj, msg) => void lines.push({ obj: obj as Record<string, unknown>, msg }),
    error: (obj, msg) => void lines.push({ obj: obj as Record<string, unknown>, msg }),
    child: () => logger,
  };
  return { logger, lines };
}

const mail = {
  smtpUrl: undefined,
  from: "Postwright <no-reply@localhost>",
  contactTo: undefined,
  showCodesWithoutMail: true,
};

describe("createMailer", () => {
  it("without SMTP_URL writes each message to the log instead of sending it", async () => {
    const { logger, lines } = memoryLogger();
    const mailer = createMailer(mail, logger);
    expect(mailer.mode).toBe("development");
    await mailer.send({ to: "ada@example.com", subject: "Your code\r\nBcc: x@example.com", text: "Code: 123456" });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.obj.mail).toEqual({
      to: "ada@example.com",
      subject: "Your code Bcc: x@example.com",
      replyTo: undefined,
      text: "Code: 123456",
    });
  });

  it("reveals verification codes only when the configuration allows it, and never with SMTP", () => {
    const { logger } = memoryLogger();
    expect(createMailer(mail, logger).revealsCodes).toBe(true);
    expect(createMailer({ ...mail, showCodesWithoutMail: false }, logger).revealsCodes).toBe(false);
    expect(createMailer({ ...mail, smtpUrl: "smtp://mail.example.com" }, logger).revealsCodes).toBe(false);
  });

  it("uses SMTP for smtp:// and smtps:// URLs", () => {
    const { logger } = memoryLogger();
    expect(createMailer({ ...mail, smtpUrl: "smtp://user:pass@mail.example.com:587" }, logger).mode).toBe("smtp");
    expect(createMailer({ ...mail, smtpUrl: "smtps://mail.example.com" }, logger).mode).toBe("smtp");
  });

  it("refuses an SMTP_URL that is not an SMTP URL, at start-up", () => {
    const { logger } = memoryLogger();
    expect(() => createMailer({ ...mail, smtpUrl: "https://mail.example.com" }, logger)).toThrow(
      "SMTP_URL must start with smtp:// or smtps://",
    );
    expect(() => createMailer({ ...mail, smtpUrl: "mail.example.com:25" }, logger)).toThrow(/SMTP_URL/);
  });
});
