import { escapeHtml } from "./escape-html.ts";
import type { MailMessage } from "./create-mailer.ts";

export interface AccountNoticeEmailInput {
  to: string;
  firstName: string | null;
  /** What happened. */
  change: "password_changed" | "password_reset" | "email_changed" | "account_deleted";
  /** email_changed: the address the account uses from now on. */
  newEmail?: string;
  appUrl: string;
}

function describe(input: AccountNoticeEmailInput): { subject: string; what: string } {
  switch (input.change) {
    case "password_changed":
      return {
        subject: "Your Postwright password was changed",
        what: "The password of your Postwright account was just changed, and every other device was signed out.",
      };
    case "password_reset":
      return {
        subject: "Your Postwright password was reset",
        what: "The password of your Postwright account was just reset with a code sent to this address, and every device was signed out.",
      };
    case "email_changed":
      return {
        subject: "Your Postwright email address was changed",
        what: `Your Postwright account now uses the email address ${input.newEmail ?? ""}; this address no longer signs in.`,
      };
    case "account_deleted":
      return {
        subject: "Your Postwright account was deleted",
        what: "Your Postwright account and everything in it (posts, images, connections) were deleted.",
      };
  }
}

/** Tells the owner of an account that something important changed, so that a change they did not make is noticed. */
export function accountNoticeEmail(input: AccountNoticeEmailInput): MailMessage {
  const { subject, what } = describe(input);
  const greeting = input.firstName ? `Hi ${input.firstName},` : "Hi,";
  const help = `If this was not you, reset your password at once (${input.appUrl}/forgot-password) and contact us: ${input.appUrl}/contact`;
  const closing =
    input.change === "account_deleted" ? "If this was not you, please contact us: " + `${input.appUrl}/contact` : help;
  const text = [greeting, "", what, "", closing].join("\n");
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(what)}</p>
<p style="color:#6b7280">${escapeHtml(closing)}</p>
</body></html>`;
  return { to: input.to, subject, text, html };
}
