// The contact form's route.
import { z } from "zod";
import type { RouteContract } from "../api-v1.ts";
import { contactSchema } from "../contact.ts";
import { badInput, ok, otherSite, tooLarge, tooMany } from "./answers.ts";

export const contactAnswerSchema = z.object({ message: z.string() });
export type ContactAnswer = z.infer<typeof contactAnswerSchema>;

export const contactRoutes = {
  submitContactMessage: {
    method: "POST",
    path: "/contact",
    summary: "Send a message to the site's team (stored, and forwarded by email)",
    caller: "none",
    body: contactSchema,
    responses: {
      200: ok("Received; message thanks the sender.", contactAnswerSchema),
      400: badInput,
      413: tooLarge,
      403: otherSite,
      429: tooMany("Too many messages from this address (10 an hour)."),
    },
  },
} as const satisfies Record<string, RouteContract>;
