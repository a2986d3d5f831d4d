// Sends the site's emails. With SMTP_URL (smtp:// or smtps://, credentials and options in the URL) mail goes out
// through that server; without it the site runs in development mail mode: each message is written to the log
// instead, so a developer can read the verification code there (and the API returns it, see registerUser, unless
// the configuration forbids it: a production site never hands codes to the page unless told so loudly).
import nodemailer from "nodemailer";
import type { Config } from "../env.ts";
import { AppError } from "../errors/index.ts";
import type { Logger } from "../logger.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export type MailMode = "smtp" | "development";

export interface Mailer {
  readonly mode: MailMode;
  /** Whether verification codes may be returned to the page because no mail can carry them (development only). */
  readonly revealsCodes: boolean;
  /** Sends one message; rejects with an AppError (503) when the mail server cannot take it. */
  send(message: MailMessage): Promise<void>;
  /** Releases the SMTP connection pool, if any. */
  close(): void;
}

/** Seconds are short on purpose: a request waiting on a dead mail server should fail, not hang. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export const mailDeliveryFailedMessage = "We could not send the email right now. Please try again in a few minutes.";

/** Header values come from user input (a contact subject): keep them on one line. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

export function createMailer(options: Config["mail"], logger: Logger): Mailer {
  const { smtpUrl, from } = options;
  if (!smtpUrl) {
    return {
      mode: "development",
      revealsCodes: options.showCodesWithoutMail,
      async send(message) {
        // Development mail mode: the message is the point of the log line. It never holds a password.
        logger.info(
          { mail: { to: message.to, subject: oneLine(message.subject), replyTo: message.replyTo, text: message.text } },
          "email not sent (SMTP_URL is not set); its content is logged instead",
        );
      },
      close() {},
    };
  }

  let protocol: string;
  try {
    protocol = new URL(smtpUrl).protocol;
  } catch {
    throw new Error("SMTP_URL is not a valid URL; expected smtp://user:password@host:port or smtps://...");
  }
  if (protocol !== "smtp:" && protocol !== "smtps:") {
    throw new Error(`SMTP_URL must start with smtp:// or smtps:// (got ${protocol}//)`);
  }
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  const host = new URL(smtpUrl).host;

  return {
    mode: "smtp",
    revealsCodes: false,
    async send(message) {
      try {
        const info = await transport.sendMail({
          from,
          to: message.to,
          subject: oneLine(message.subject),
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        });
        logger.info({ mail: { messageId: info.messageId, subject: oneLine(message.subject) } }, "email sent");
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        logger.error({ mail: { host, subject: oneLine(message.subject) }, reason }, "email could not be sent");
        throw new AppError("UNAVAILABLE", mailDeliveryFailedMessage, {
          internal: `SMTP ${host}: ${reason}`,
          cause: error,
        });
      }
    },
    close() {
      transport.close();
    },
  };
}
