import type { ContactInput } from "../contracts/contact.ts";
import { escapeHtml } from "./escape-html.ts";
import type { MailMessage } from "./create-mailer.ts";

export interface ContactMessageEmailInput {
  to: string;
  message: ContactInput;
  /** The account the sender was signed in to, if any. */
  userId?: number | undefined;
}

/** A contact-form submission, forwarded to the site's team; replying answers the sender. */
export function contactMessageEmail(input: ContactMessageEmailInput): MailMessage {
  const m = input.message;
  const fields: [string, string][] = [
    ["Name", m.name],
    ["Email", m.email],
    ["Company", m.company],
    ["Phone", m.phone ?? "-"],
    ["Subject", m.subject],
    ...(input.userId !== undefined ? ([["Account id", String(input.userId)]] as [string, string][]) : []),
  ];
  const text = [...fields.map(([label, value]) => `${label}: ${value}`), "", m.message].join("\n");
  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding-right:12px">${label}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">
<p>New message from the contact form:</p>
<table>${rows}</table>
<p style="white-space:pre-wrap">${escapeHtml(m.message)}</p>
</body></html>`;
  return { to: input.to, subject: `Contact form: ${m.subject}`, text, html, replyTo: m.email };
}
