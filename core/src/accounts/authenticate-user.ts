import type { LoginInput } from "../contracts/auth.ts";
import type { Prisma } from "../db/client.ts";
import type { User } from "../db/generated/client.ts";
import { AppError } from "../errors/index.ts";
import { verifyPassword } from "./verify-password.ts";

export const loginMessages = {
  invalid: "Invalid email or password",
  unverified: "Please verify your email before signing in: enter the 6-digit code we emailed you, or request a new one.",
} as const;

/**
 * Checks an email and password. Every path does one argon2 verification (against a dummy hash for an unknown email),
 * so the answer's timing does not tell whether an account exists. A registration still waiting for its code is
 * told to verify, but only when its password is right.
 */
export async function authenticateUser(deps: { prisma: Prisma }, input: LoginInput): Promise<User> {
  // Both lookups on every path, so the number of queries does not tell either.
  const [user, pending] = await Promise.all([
    deps.prisma.user.findUnique({ where: { email: input.email } }),
    deps.prisma.emailVerification.findFirst({
      where: { email: input.email, isUsed: false },
      orderBy: { id: "desc" },
      select: { hashedPassword: true },
    }),
  ]);
  if (user) {
    if (!(await verifyPassword(user.password, input.password))) throw new AppError("UNAUTHORIZED", loginMessages.invalid);
    if (!user.isEmailVerified) throw new AppError("FORBIDDEN", loginMessages.unverified);
    return user;
  }
  if (await verifyPassword(pending?.hashedPassword, input.password)) {
    throw new AppError("FORBIDDEN", loginMessages.unverified);
  }
  throw new AppError("UNAUTHORIZED", loginMessages.invalid);
}
