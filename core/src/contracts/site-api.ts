// The site's own API (/api), declared route by route like the plugin API (api-v1.ts): method, path, caller, body and
// every answer. The server implements these routes from here, /api/openapi.json is generated from them, and the
// React client calls them through callRoute (standalone-web/client/src/lib/api.ts) instead of writing their URLs.
// Resources move here one at a time; the others are still described in the README's API section.
import { z } from "zod";
import type { RouteContract } from "./api-v1.ts";
import { contactSchema } from "./contact.ts";
import { apiErrorSchema, badRequestErrorSchema } from "./wordpress-plugin.ts";

export const contactAnswerSchema = z.object({ message: z.string() });
export type ContactAnswer = z.infer<typeof contactAnswerSchema>;

export const siteApiContract = {
  submitContactMessage: {
    method: "POST",
    path: "/contact",
    summary: "Send a message to the site's team (stored, and forwarded by email)",
    caller: "none",
    body: contactSchema,
    responses: {
      200: { description: "Received; message thanks the sender.", schema: contactAnswerSchema },
      400: {
        description: "Bad input: message says what to fix; issues lists each field.",
        schema: badRequestErrorSchema,
      },
      403: { description: "Sent from another site than this one (the CSRF guard).", schema: apiErrorSchema },
      429: { description: "Too many messages from this address (10 an hour).", schema: apiErrorSchema },
    },
  },
} as const satisfies Record<string, RouteContract>;
