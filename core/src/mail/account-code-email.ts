import { escapeHtml } from "./escape-html.ts";
import type { MailMessage } from "./create-mailer.ts";

export interface AccountCodeEmailInput {
  to: string;
  firstName: string | null;
  code: string;
  /** password_reset: a forgotten password; email_change: confirming this new address. */
  purpose: "password_reset" | "email_change";
  /** Public address of the site, without a trailing slash. */
  appUrl: string;
  expiresInMinutes: number;
}

const wording = {
  password_reset: {
    subject: "Reset your Postwright password",
    intro: "Someone (probably you) asked to reset the password of your Postwright account.",
    action: "Enter this code on the password reset page, or open the link, to choose a new password",
    ignore: "If you did not ask for this, you can ignore this email: your password stays as it is.",
  },
  email_change: {
    subject: "Confirm your new Postwright email address",
    intro: "Someone (probably you) asked to use this address for a Postwright account.",
    action: "Enter this code on the Account & Billing page to confirm the new address",
    ignore: "If you did not ask for this, you can ignore this email: nothing will change.",
  },
} as const;

/** The email carrying a one-time code for an account change, in plain text and simple HTML. */
export function accountCodeEmail(input: AccountCodeEmailInput): MailMessage {
  const words = wording[input.purpose];
  const link =
    input.purpose === "password_reset"
      ? `${input.appUrl}/reset-password?email=${encodeURIComponent(input.to)}&code=${input.code}`
      : `${input.appUrl}/subscription`;
  const greeting = input.firstName ? `Hi ${input.firstName},` : "Hi,";
  const text = [
    greeting,
    "",
    words.intro,
    `Your code is: ${input.code}`,
    "",
    `${words.action}: ${link}`,
    `The code expires in ${input.expiresInMinutes} minutes and works once.`,
    "",
    words.ignore,
  ].join("\n");
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(words.intro)} Your code is:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(input.code)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(words.action)}</a>.
The code expires in ${input.expiresInMinutes} minutes and works once.</p>
<p style="color:#6b7280">${escapeHtml(words.ignore)}</p>
</body></html>`;
  return { to: input.to, subject: words.subject, text, html };
}
