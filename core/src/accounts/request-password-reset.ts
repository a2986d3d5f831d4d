import type { ForgotPasswordInput } from "../contracts/account.ts";
import { accountCodeEmail } from "../mail/account-code-email.ts";
import { clock, type AccountDeps } from "./account-deps.ts";
import { issueAccountCode } from "./issue-account-code.ts";
import { ACCOUNT_CODE_TTL_MINUTES } from "./verification-policy.ts";

export const passwordResetRequestedMessage =
  "If an account uses this email, we have sent it a code to reset the password. It works for 30 minutes.";

/**
 * A forgotten password: mails a one-time code (and a link carrying it) to the account's address. The answer is the
 * same whether or not an account uses the email, and the code is never part of it, not even in development mail mode
 * (where the mail is logged): whoever asks is not yet known to own the mailbox.
 */
export async function requestPasswordReset(
  deps: AccountDeps,
  input: ForgotPasswordInput,
): Promise<{ message: string }> {
  const user = await deps.prisma.user.findUnique({ where: { email: input.email } });
  if (user) {
    const code = await issueAccountCode(deps, { userId: user.id, purpose: "password_reset", now: clock(deps) });
    await deps.mailer.send(
      accountCodeEmail({
        to: user.email,
        firstName: user.firstName,
        code,
        purpose: "password_reset",
        appUrl: deps.config.appUrl,
        expiresInMinutes: ACCOUNT_CODE_TTL_MINUTES,
      }),
    );
  }
  return { message: passwordResetRequestedMessage };
}
