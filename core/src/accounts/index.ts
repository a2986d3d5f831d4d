// Accounts of the standalone site: registration with an emailed 6-digit code, verification, resending, and
// password sign-in. Sessions and rate limits belong to the surface; everything that touches the database is here.
export type { AccountDeps } from "./account-deps.ts";
export { registerUser, registrationMessage } from "./register-user.ts";
export type { RegisterResult } from "./register-user.ts";
export { verifyEmail, verificationMessages } from "./verify-email.ts";
export type { VerifyEmailOptions } from "./verify-email.ts";
export { resendVerification, resendMessage } from "./resend-verification.ts";
export { authenticateUser, loginMessages } from "./authenticate-user.ts";
export { toCurrentUser } from "./to-current-user.ts";
export { pruneEmailVerifications } from "./prune-email-verifications.ts";
export { hashPassword, passwordHashOptions } from "./hash-password.ts";
export { verifyPassword } from "./verify-password.ts";
export { createVerificationCode } from "./create-verification-code.ts";
export { MAX_VERIFICATION_ATTEMPTS, VERIFICATION_CODE_TTL_MINUTES, ABANDONED_REGISTRATION_DAYS } from "./verification-policy.ts";
