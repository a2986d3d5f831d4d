import type { ContactInput } from "../contracts/contact.ts";
import type { Prisma } from "../db/client.ts";
import type { ContactMessage } from "../db/generated/client.ts";
import type { Logger } from "../logger.ts";
import { contactMessageEmail } from "./contact-message-email.ts";
import type { Mailer } from "./create-mailer.ts";

export interface SubmitContactMessageDeps {
  prisma: Prisma;
  mailer: Mailer;
  /** Where submissions are forwarded (CONTACT_EMAIL, else ADMIN_EMAIL); unset keeps them in the database only. */
  contactTo: string | undefined;
  logger: Logger;
}

/** The promise made to the sender (the product answers within 24 hours). */
export const contactThankYouMessage = "Thank you for your message! We'll get back to you within 24 hours.";

/**
 * Stores a contact-form message (with the sender's account when signed in) and forwards it by email. The message is
 * kept even when forwarding fails, so the sender is thanked either way and the failure goes to the log.
 */
export async function submitContactMessage(
  deps: SubmitContactMessageDeps,
  input: ContactInput,
  sender: { userId?: number | undefined } = {},
): Promise<{ message: string; stored: ContactMessage }> {
  const stored = await deps.prisma.contactMessage.create({
    data: {
      userId: sender.userId ?? null,
      name: input.name,
      email: input.email,
      company: input.company,
      phone: input.phone ?? null,
      subject: input.subject,
      message: input.message,
    },
  });
  if (deps.contactTo) {
    try {
      await deps.mailer.send(contactMessageEmail({ to: deps.contactTo, message: input, userId: sender.userId }));
    } catch {
      // The mailer has logged why; the message is safe in contact_messages.
      deps.logger.warn({ contactMessageId: stored.id }, "contact message stored but not forwarded by email");
    }
  } else {
    deps.logger.info(
      { contactMessageId: stored.id },
      "contact message stored; no CONTACT_EMAIL or ADMIN_EMAIL to forward it to",
    );
  }
  return { message: contactThankYouMessage, stored };
}
