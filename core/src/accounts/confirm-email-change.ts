import type { ConfirmEmailChangeInput } from "../contracts/account.ts";
import { PrismaNamespace } from "../db/client.ts";
import type { User } from "../db/generated/client.ts";
import { AppError } from "../errors/index.ts";
import { accountNoticeEmail } from "../mail/account-notice-email.ts";
import { clock, type AccountDeps } from "./account-deps.ts";
import { claimAccountCode } from "./claim-account-code.ts";
import { emailChangeMessages } from "./request-email-change.ts";

/**
 * Completes an email change with the code sent to the new address. The address is checked to be free again (the
 * database's unique index decides a race); the old address is told of the change, so its owner notices one they did
 * not make.
 */
export async function confirmEmailChange(
  deps: AccountDeps,
  input: ConfirmEmailChangeInput & { userId: number },
): Promise<User> {
  const user = await deps.prisma.user.findUnique({ where: { id: input.userId } });
  if (!user) throw new AppError("UNAUTHORIZED", "Unauthorized");
  const claimed = await claimAccountCode(deps, {
    userId: user.id,
    purpose: "email_change",
    code: input.code,
    now: clock(deps),
  });
  const newEmail = claimed.newEmail;
  if (!newEmail)
    throw new AppError("BAD_REQUEST", "That code does not confirm an email address. Please ask for a new code.");
  let updated: User;
  try {
    updated = await deps.prisma.user.update({
      where: { id: user.id },
      data: { email: newEmail, isEmailVerified: true },
    });
  } catch (error) {
    if (error instanceof PrismaNamespace.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("CONFLICT", emailChangeMessages.taken);
    }
    throw error;
  }
  // A notice that cannot be sent (the mailer logs why) must not undo or hide the change it reports.
  await deps.mailer
    .send(
      accountNoticeEmail({
        to: user.email,
        firstName: user.firstName,
        change: "email_changed",
        newEmail,
        appUrl: deps.config.appUrl,
      }),
    )
    .catch(() => undefined);
  return updated;
}
