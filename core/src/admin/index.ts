// The administrator's page: who is admin, the user list, and plan changes with an audit trail.
export { isAdminEmail, assertAdmin, ACCESS_DENIED } from "./admin-access.ts";
export { listUsersForAdmin } from "./list-users-for-admin.ts";
export { setUserSubscription } from "./set-user-subscription.ts";
export type { SetUserSubscriptionInput } from "./set-user-subscription.ts";
