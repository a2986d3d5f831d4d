import type { RegisterResponse } from "../contracts/auth.ts";
import type { AccountDeps } from "./account-deps.ts";
import { issueVerificationCode } from "./issue-verification-code.ts";

export const resendMessage = "If a registration is waiting for this email, we have sent a new verification code to it.";
/** The same answer in development mail mode, where nothing is emailed. */
export const resendMessageWithoutMail =
  "Email delivery is not configured on this site: if a registration is waiting for this email, its new code is shown on this page.";

/**
 * Sends a new code for a pending registration; every older code for the email stops working. The answer is the same
 * whether or not a registration is pending (only development mail mode adds the code when one is).
 */
export async function resendVerification(deps: AccountDeps, input: { email: string }): Promise<RegisterResponse> {
  const pending = await deps.prisma.emailVerification.findFirst({
    where: { email: input.email, isUsed: false },
    orderBy: { id: "desc" },
  });
  const emailDelivered = deps.mailer.mode === "smtp";
  const answer = {
    email: input.email,
    message: emailDelivered ? resendMessage : resendMessageWithoutMail,
    emailDelivered,
  };
  if (!pending) return answer;
  const { code } = await issueVerificationCode(deps, {
    email: pending.email,
    firstName: pending.firstName,
    lastName: pending.lastName,
    hashedPassword: pending.hashedPassword,
  });
  return { ...answer, ...(deps.mailer.revealsCodes ? { developmentCode: code } : {}) };
}
