import { escapeHtml } from "./escape-html.ts";
import type { MailMessage } from "./create-mailer.ts";

export interface VerificationCodeEmailInput {
  to: string;
  firstName: string;
  code: string;
  /** Public address of the site, without a trailing slash. */
  appUrl: string;
  expiresInMinutes: number;
}

/** The email carrying a 6-digit registration code, in plain text and simple HTML. */
export function verificationCodeEmail(input: VerificationCodeEmailInput): MailMessage {
  const link = `${input.appUrl}/verify-email?email=${encodeURIComponent(input.to)}`;
  const text = [
    `Hi ${input.firstName},`,
    "",
    `Your Postwright verification code is: ${input.code}`,
    "",
    `Enter it on the verification page to finish creating your account: ${link}`,
    `The code expires in ${input.expiresInMinutes} minutes and works once.`,
    "",
    "If you did not sign up for Postwright, you can ignore this email.",
  ].join("\n");
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">
<p>Hi ${escapeHtml(input.firstName)},</p>
<p>Your Postwright verification code is:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(input.code)}</p>
<p>Enter it on the <a href="${escapeHtml(link)}">verification page</a> to finish creating your account.
The code expires in ${input.expiresInMinutes} minutes and works once.</p>
<p style="color:#6b7280">If you did not sign up for Postwright, you can ignore this email.</p>
</body></html>`;
  return { to: input.to, subject: "Your Postwright verification code", text, html };
}
