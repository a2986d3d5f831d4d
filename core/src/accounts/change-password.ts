import type { ChangePasswordInput } from "../contracts/account.ts";
import { AppError } from "../errors/index.ts";
import { accountNoticeEmail } from "../mail/account-notice-email.ts";
import type { AccountDeps } from "./account-deps.ts";
import { endOtherSessions } from "./end-other-sessions.ts";
import { hashPassword } from "./hash-password.ts";
import { verifyPassword } from "./verify-password.ts";

export const changePasswordMessages = {
  wrongCurrent: "Your current password is not right. Please try again.",
  sameAsCurrent: "Please choose a new password that differs from the current one.",
  changed: "Your password was changed. Every other device was signed out.",
} as const;

/**
 * Changes the signed-in user's password. The current password is asked for, so that someone at an unattended,
 * signed-in browser cannot take the account over; every other session ends with the change, and the account's
 * address is told of it.
 */
export async function changePassword(
  deps: AccountDeps,
  input: ChangePasswordInput & { userId: number; currentSid: string | undefined },
): Promise<{ message: string; endedSessions: number }> {
  const user = await deps.prisma.user.findUnique({ where: { id: input.userId } });
  if (!user) throw new AppError("UNAUTHORIZED", "Unauthorized");
  if (!(await verifyPassword(user.password, input.currentPassword))) {
    throw new AppError("BAD_REQUEST", changePasswordMessages.wrongCurrent);
  }
  if (input.currentPassword === input.newPassword)
    throw new AppError("BAD_REQUEST", changePasswordMessages.sameAsCurrent);
  const password = await hashPassword(input.newPassword);
  const endedSessions = await deps.prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { password } });
    // A reset code asked for before the change must not undo it.
    await tx.accountCode.updateMany({
      where: { userId: user.id, purpose: "password_reset", usedAt: null },
      data: { usedAt: new Date() },
    });
    return endOtherSessions({ prisma: tx }, { userId: user.id, keepSid: input.currentSid });
  });
  // A notice that cannot be sent (the mailer logs why) must not undo or hide the change it reports.
  await deps.mailer
    .send(
      accountNoticeEmail({
        to: user.email,
        firstName: user.firstName,
        change: "password_changed",
        appUrl: deps.config.appUrl,
      }),
    )
    .catch(() => undefined);
  return { message: changePasswordMessages.changed, endedSessions };
}
