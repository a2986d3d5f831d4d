// The signed-in member's own account: password, email address, time zone, sessions, data export and deletion.
import { z } from "zod";
import type { RouteContract } from "../api-v1.ts";
import {
  accountExportSchema,
  accountMessageSchema,
  accountTimeZoneAnswerSchema,
  accountTimeZoneSchema,
  changePasswordSchema,
  confirmEmailChangeSchema,
  deleteAccountSchema,
  emailChangeRequestedSchema,
  requestEmailChangeSchema,
  sessionViewSchema,
} from "../account.ts";
import { currentUserSchema } from "../auth.ts";
import { badRequest, mailUnavailable, ok, otherSite, otherSiteOr, refusal, signedOut, tooLarge, tooMany } from "./answers.ts";

const wrongTries = tooMany("Too many wrong passwords or codes on this account (10 in 15 minutes).");

export const accountRoutes = {
  changePassword: {
    method: "POST",
    path: "/account/password",
    summary: "Change the password (ends the account's other sessions)",
    caller: "user",
    body: changePasswordSchema,
    responses: {
      200: ok("Changed; message says so.", accountMessageSchema),
      400: badRequest("Bad input, a wrong current password, or the same password again."),
      413: tooLarge,
      401: signedOut,
      403: otherSite,
      429: wrongTries,
    },
  },
  setTimeZone: {
    method: "PUT",
    path: "/account/time-zone",
    summary: "Set the account's time zone (new content plans start from it)",
    caller: "user",
    body: accountTimeZoneSchema,
    responses: {
      200: ok("The zone saved.", accountTimeZoneAnswerSchema),
      400: badRequest("Not a time zone from the list."),
      413: tooLarge,
      401: signedOut,
      403: otherSite,
      429: wrongTries,
    },
  },
  requestEmailChange: {
    method: "POST",
    path: "/account/email",
    summary: "Ask to change the email address: a code is emailed to the new one",
    caller: "user",
    body: requestEmailChangeSchema,
    responses: {
      200: ok("Where the code went.", emailChangeRequestedSchema),
      400: badRequest("Bad input, a wrong current password, or the address already in use by this account."),
      413: tooLarge,
      401: signedOut,
      403: otherSite,
      409: refusal("Another account has that address."),
      503: mailUnavailable,
      429: tooMany("Too many wrong passwords, or too many email changes requested, on this account."),
    },
  },
  confirmEmailChange: {
    method: "POST",
    path: "/account/email/confirm",
    summary: "Confirm the new email address with the emailed code",
    caller: "user",
    body: confirmEmailChangeSchema,
    responses: {
      200: ok("The user with the new address.", currentUserSchema),
      400: badRequest("Bad input, or a wrong, used or expired code (message says which)."),
      413: tooLarge,
      401: signedOut,
      403: otherSite,
      409: refusal("Another account took that address meanwhile."),
      429: wrongTries,
    },
  },
  listSessions: {
    method: "GET",
    path: "/account/sessions",
    summary: "The account's sign-ins, the most recently used first",
    caller: "user",
    responses: { 200: ok("The sessions; current marks this browser's.", z.array(sessionViewSchema)), 401: signedOut },
  },
  endSession: {
    method: "DELETE",
    path: "/account/sessions/:id",
    summary: "End one session (this browser's signs it out)",
    caller: "user",
    responses: {
      200: ok("Ended; message says whether this browser was signed out.", accountMessageSchema),
      400: badRequest("Not a session's id."),
      401: signedOut,
      403: otherSite,
      404: refusal("No such session on this account."),
    },
  },
  signOutEverywhere: {
    method: "POST",
    path: "/account/sign-out-everywhere",
    summary: "End every session of the account, this browser's included",
    caller: "user",
    responses: { 200: ok("Signed out everywhere.", accountMessageSchema), 401: signedOut, 403: otherSite },
  },
  exportAccount: {
    method: "GET",
    path: "/account/export",
    summary: "The account's data as a JSON file to download (no secrets)",
    caller: "user",
    responses: {
      200: ok("The data (Content-Disposition: attachment).", accountExportSchema),
      401: signedOut,
    },
  },
  deleteAccount: {
    method: "POST",
    path: "/account/delete",
    summary: "Delete the account and everything in it (cancels a paid subscription); signs this browser out",
    caller: "user",
    body: deleteAccountSchema,
    responses: {
      200: ok("Deleted; message says so.", accountMessageSchema),
      400: badRequest("Bad input, or a wrong password."),
      413: tooLarge,
      401: signedOut,
      403: otherSiteOr("the account is the site's administrator"),
      429: wrongTries,
    },
  },
} as const satisfies Record<string, RouteContract>;
