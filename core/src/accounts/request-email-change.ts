import type { EmailChangeRequested, RequestEmailChangeInput } from "../contracts/account.ts";
import { AppError } from "../errors/index.ts";
import { accountCodeEmail } from "../mail/account-code-email.ts";
import { clock, type AccountDeps } from "./account-deps.ts";
import { changePasswordMessages } from "./change-password.ts";
import { issueAccountCode } from "./issue-account-code.ts";
import { ACCOUNT_CODE_TTL_MINUTES } from "./verification-policy.ts";
import { verifyPassword } from "./verify-password.ts";

export const emailChangeMessages = {
  sameAsCurrent: "That is already your email address.",
  taken: "Another account already uses this email address.",
  sent: "We have sent a 6-digit code to the new address. Enter it here to confirm the change.",
} as const;

/**
 * Starts moving the account to another email address: the current password is asked for, the new address must be
 * free, and a code goes to the new address (confirmEmailChange completes the change). Nothing changes until then.
 */
export async function requestEmailChange(
  deps: AccountDeps,
  input: RequestEmailChangeInput & { userId: number },
): Promise<EmailChangeRequested> {
  const user = await deps.prisma.user.findUnique({ where: { id: input.userId } });
  if (!user) throw new AppError("UNAUTHORIZED", "Unauthorized");
  if (!(await verifyPassword(user.password, input.currentPassword))) {
    throw new AppError("BAD_REQUEST", changePasswordMessages.wrongCurrent);
  }
  if (input.newEmail === user.email) throw new AppError("BAD_REQUEST", emailChangeMessages.sameAsCurrent);
  const taken = await deps.prisma.user.findUnique({ where: { email: input.newEmail }, select: { id: true } });
  if (taken) throw new AppError("CONFLICT", emailChangeMessages.taken);
  const code = await issueAccountCode(deps, {
    userId: user.id,
    purpose: "email_change",
    newEmail: input.newEmail,
    now: clock(deps),
  });
  await deps.mailer.send(
    accountCodeEmail({
      to: input.newEmail,
      firstName: user.firstName,
      code,
      purpose: "email_change",
      appUrl: deps.config.appUrl,
      expiresInMinutes: ACCOUNT_CODE_TTL_MINUTES,
    }),
  );
  return { message: emailChangeMessages.sent, newEmail: input.newEmail };
}
