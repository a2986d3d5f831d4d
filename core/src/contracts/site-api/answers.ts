// The answers the site's routes share, for their declarations (site-api/*.ts). Every error is a JSON { message } a
// person can act on (400s add issues, one per field, when a body was parsed).
import type { z } from "zod";
import { apiErrorSchema, badRequestErrorSchema } from "../wordpress-plugin.ts";

export const ok = <T extends z.ZodType | null>(description: string, schema: T) => ({ description, schema });

/** An error answer: { message }, meaning `description`. */
export const refusal = (description: string) => ({ description, schema: apiErrorSchema });

export const badInput = {
  description: "Bad input: message says what to fix; issues lists each field.",
  schema: badRequestErrorSchema,
} as const;

/** 400 with a reason other than the body's shape (the message says what is wrong). */
export const badRequest = (description: string) => ({ description, schema: badRequestErrorSchema });

export const signedOut = refusal("Not signed in, or the session has ended.");

/** What the CSRF guard answers a write sent from a page of another site. */
export const OTHER_SITE = "Sent from a page of another site (the CSRF guard)";
export const otherSite = refusal(`${OTHER_SITE}.`);

/** 403 meaning the CSRF guard or `reason`. */
export const otherSiteOr = (reason: string) => refusal(`${OTHER_SITE}, or ${reason}.`);

export const tooMany = (description: string) => refusal(`${description} Retry-After says when to try again.`);

/** What any route with a body may answer before reading it: a body over 2 MB. */
export const tooLarge = refusal("The request body is too large.");

/** 503: the email the route sends could not be handed to the mail server; nothing was done, try again. */
export const mailUnavailable = refusal("The email could not be sent right now (the mail server did not take it).");
