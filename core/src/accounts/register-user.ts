import type { RegisterInput, RegisterResponse } from "../contracts/auth.ts";
import { existingAccountEmail } from "../mail/existing-account-email.ts";
import type { AccountDeps } from "./account-deps.ts";
import { hashPassword } from "./hash-password.ts";
import { issueVerificationCode } from "./issue-verification-code.ts";

export const registrationMessage = "Registration successful! Please check your email for a verification code.";
/** The same answer in development mail mode, where nothing is emailed. */
export const registrationMessageWithoutMail =
  "Registration successful! Email delivery is not configured on this site, so your verification code is shown on the next page.";

export interface RegisterResult {
  response: RegisterResponse;
  /**
   * The pending registration made by this request (null when the email already has an account). The surface keeps
   * it in the registering browser's session and hands it back to verifyEmail.
   */
  registrationId: number | null;
}

/**
 * Starts a registration: the account is created only when the emailed code is entered (verifyEmail); until then
 * it waits in email_verifications with its hashed password.
 *
 * Registering an email that already has an account answers exactly like a new registration (same message, same
 * work) and emails the owner that they already have an account, so the response never tells a stranger which
 * emails are registered. The one difference is in development mail mode, where no code exists to return.
 */
export async function registerUser(deps: AccountDeps, input: RegisterInput): Promise<RegisterResult> {
  const hashedPassword = await hashPassword(input.password);
  const existing = await deps.prisma.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) {
    await deps.mailer.send(existingAccountEmail({ to: input.email, appUrl: deps.config.appUrl }));
    return { response: registrationResponse(deps, input.email), registrationId: null };
  }
  const { code, id } = await issueVerificationCode(deps, {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    hashedPassword,
  });
  return {
    response: {
      ...registrationResponse(deps, input.email),
      ...(deps.mailer.revealsCodes ? { developmentCode: code } : {}),
    },
    registrationId: id,
  };
}

function registrationResponse(deps: AccountDeps, email: string): RegisterResponse {
  const emailDelivered = deps.mailer.mode === "smtp";
  return { email, message: emailDelivered ? registrationMessage : registrationMessageWithoutMail, emailDelivered };
}
