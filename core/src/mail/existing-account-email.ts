import { escapeHtml } from "./escape-html.ts";
import type { MailMessage } from "./create-mailer.ts";

export interface ExistingAccountEmailInput {
  to: string;
  appUrl: string;
}

/**
 * Sent instead of a code when someone registers with the email of an existing account: the site answers that
 * registration exactly as any other, so only the owner of the mailbox learns that the account exists.
 */
export function existingAccountEmail(input: ExistingAccountEmailInput): MailMessage {
  const link = `${input.appUrl}/login`;
  const text = [
    "Hi,",
    "",
    "Someone (probably you) tried to create a Postwright account with this email address, but an account with it already exists.",
    `You can sign in here: ${link}`,
    "",
    "If it was not you, you can ignore this email: nothing has changed on your account.",
  ].join("\n");
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">
<p>Hi,</p>
<p>Someone (probably you) tried to create a Postwright account with this email address, but an account with it already exists.</p>
<p><a href="${escapeHtml(link)}">Sign in to Postwright</a></p>
<p style="color:#6b7280">If it was not you, you can ignore this email: nothing has changed on your account.</p>
</body></html>`;
  return { to: input.to, subject: "You already have a Postwright account", text, html };
}
