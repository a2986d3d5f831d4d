import type { CurrentUser } from "../contracts/auth.ts";
import type { User } from "../db/generated/client.ts";

/** The signed-in user as the API shows it: no password, no billing identifiers, dates as ISO strings. */
export function toCurrentUser(user: User, options: { isAdmin: boolean }): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    isEmailVerified: user.isEmailVerified,
    subscriptionPlan: user.subscriptionPlan,
    subscriptionStatus: user.subscriptionStatus,
    subscriptionEndDate: user.subscriptionEndDate ? user.subscriptionEndDate.toISOString() : null,
    isAdmin: options.isAdmin,
    timeZone: user.timeZone,
    createdAt: user.createdAt.toISOString(),
  };
}
