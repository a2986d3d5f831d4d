import type { Prisma } from "../db/client.ts";
import { createVerificationCode } from "./create-verification-code.ts";
import { hashAccountCode } from "./hash-account-code.ts";
import { ACCOUNT_CODE_TTL_MINUTES } from "./verification-policy.ts";

export type AccountCodePurpose = "password_reset" | "email_change";

/**
 * Stores a new one-time code for an account change and returns it (to be mailed; it is kept only as a hash). Every
 * earlier unused code of the same purpose stops working.
 */
export async function issueAccountCode(
  deps: { prisma: Prisma },
  input: { userId: number; purpose: AccountCodePurpose; newEmail?: string; now: Date },
): Promise<string> {
  const code = createVerificationCode();
  const expiresAt = new Date(input.now.getTime() + ACCOUNT_CODE_TTL_MINUTES * 60_000);
  await deps.prisma.$transaction([
    deps.prisma.accountCode.updateMany({
      where: { userId: input.userId, purpose: input.purpose, usedAt: null },
      data: { usedAt: input.now },
    }),
    deps.prisma.accountCode.create({
      data: {
        userId: input.userId,
        purpose: input.purpose,
        codeHash: hashAccountCode(input.userId, input.purpose, code),
        newEmail: input.newEmail ?? null,
        expiresAt,
      },
    }),
  ]);
  return code;
}
