// The site administrator's routes (ADMIN_EMAIL, signed in): every user with their plan and usage, and plan changes.
import { z } from "zod";
import type { RouteContract } from "../api-v1.ts";
import { accountMessageSchema } from "../account.ts";
import { adminSetSubscriptionSchema, adminUserRowSchema } from "../billing.ts";
import { badRequest, ok, otherSiteOr, refusal, signedOut, tooLarge } from "./answers.ts";

const notAdmin = otherSiteOr("the signed-in user is not the site's administrator");

export const adminRoutes = {
  listUsersForAdmin: {
    method: "GET",
    path: "/admin/users",
    summary: "Every user with their plan, status, posts used this month and its limit",
    caller: "admin",
    responses: {
      200: ok("The users.", z.array(adminUserRowSchema)),
      401: signedOut,
      403: refusal("The signed-in user is not the site's administrator."),
    },
  },
  setUserSubscription: {
    method: "POST",
    path: "/admin/set-subscription",
    summary: "Set a user's plan and status (recorded in the audit log; the payment provider is not told)",
    caller: "admin",
    body: adminSetSubscriptionSchema,
    responses: {
      200: ok("Changed; message names the user and the plan.", accountMessageSchema),
      400: badRequest("User, plan or status missing or not one of the list."),
      401: signedOut,
      403: notAdmin,
      404: refusal("That user no longer exists."),
      413: tooLarge,
    },
  },
} as const satisfies Record<string, RouteContract>;
