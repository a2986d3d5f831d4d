// Outgoing email: the mailer (SMTP or development mode, which logs instead of sending), the message templates,
// and the contact form, whose submissions are stored and forwarded to the site's team.
export { createMailer, mailDeliveryFailedMessage } from "./create-mailer.ts";
export type { Mailer, MailMessage, MailMode } from "./create-mailer.ts";
export { verificationCodeEmail } from "./verification-code-email.ts";
export type { VerificationCodeEmailInput } from "./verification-code-email.ts";
export { existingAccountEmail } from "./existing-account-email.ts";
export type { ExistingAccountEmailInput } from "./existing-account-email.ts";
export { contactMessageEmail } from "./contact-message-email.ts";
export type { ContactMessageEmailInput } from "./contact-message-email.ts";
export { submitContactMessage, contactThankYouMessage } from "./submit-contact-message.ts";
export type { SubmitContactMessageDeps } from "./submit-contact-message.ts";
export { escapeHtml } from "./escape-html.ts";
export { accountCodeEmail } from "./account-code-email.ts";
export type { AccountCodeEmailInput } from "./account-code-email.ts";
export { accountNoticeEmail } from "./account-notice-email.ts";
export type { AccountNoticeEmailInput } from "./account-notice-email.ts";
export { autopilotDigestEmail } from "./autopilot-digest-email.ts";
export type { AutopilotDigestEmailInput, AutopilotDigestLine } from "./autopilot-digest-email.ts";
