// The administrator is the one account whose email equals ADMIN_EMAIL. Without ADMIN_EMAIL nobody is admin.
import type { Config } from "../env.ts";
import { AppError, unauthorized } from "../errors/index.ts";

export const ACCESS_DENIED = "Access Denied: You don't have permission to access this page.";

export function isAdminEmail(config: Pick<Config, "adminEmail">, email: string | null | undefined): boolean {
  if (!config.adminEmail || !email) return false;
  return email.trim().toLowerCase() === config.adminEmail.trim().toLowerCase();
}

/** Throws UNAUTHORIZED without a signed-in user and FORBIDDEN for anyone but the administrator. */
export function assertAdmin<U extends { email: string }>(
  config: Pick<Config, "adminEmail">,
  user: U | null | undefined,
): asserts user is U {
  if (!user) throw unauthorized();
  if (!isAdminEmail(config, user.email)) throw new AppError("FORBIDDEN", ACCESS_DENIED);
}
