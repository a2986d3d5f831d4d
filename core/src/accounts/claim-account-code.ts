import { timingSafeEqual } from "node:crypto";
import type { Prisma } from "../db/client.ts";
import type { AccountCode } from "../db/generated/client.ts";
import { AppError } from "../errors/index.ts";
import { hashAccountCode } from "./hash-account-code.ts";
import type { AccountCodePurpose } from "./issue-account-code.ts";
import { MAX_ACCOUNT_CODE_ATTEMPTS } from "./verification-policy.ts";

export const accountCodeMessages = {
  invalid: "That code is not right. Please check it and try again, or ask for a new code.",
  lastTryFailed: "That code is not right, and it was the last try for it: please ask for a new code.",
  expired: "That code has expired or was already used. Please ask for a new code.",
} as const;

/**
 * Checks a code against the latest one issued for the account and purpose, and marks it used when it is right; of two
 * requests with the same code only one succeeds. A wrong code counts a try (committed at once, never inside a
 * transaction that the refusal would roll back); at 5 the code dies. No code, a used one and an expired one get the
 * same answer.
 */
export async function claimAccountCode(
  deps: { prisma: Prisma },
  input: { userId: number; purpose: AccountCodePurpose; code: string; now: Date },
): Promise<AccountCode> {
  const latest = await deps.prisma.accountCode.findFirst({
    where: { userId: input.userId, purpose: input.purpose },
    orderBy: { id: "desc" },
  });
  if (!latest || latest.usedAt || latest.expiresAt <= input.now || latest.failedAttempts >= MAX_ACCOUNT_CODE_ATTEMPTS) {
    throw new AppError("BAD_REQUEST", accountCodeMessages.expired);
  }
  const given = Buffer.from(hashAccountCode(input.userId, input.purpose, input.code));
  if (!timingSafeEqual(given, Buffer.from(latest.codeHash))) {
    // Counted conditionally, so parallel guesses cannot exceed the limit.
    const counted = await deps.prisma.accountCode.updateMany({
      where: { id: latest.id, usedAt: null, failedAttempts: { lt: MAX_ACCOUNT_CODE_ATTEMPTS } },
      data: { failedAttempts: { increment: 1 } },
    });
    if (counted.count === 0) throw new AppError("BAD_REQUEST", accountCodeMessages.expired);
    const last = latest.failedAttempts + 1 >= MAX_ACCOUNT_CODE_ATTEMPTS;
    throw new AppError("BAD_REQUEST", last ? accountCodeMessages.lastTryFailed : accountCodeMessages.invalid);
  }
  const claimed = await deps.prisma.accountCode.updateMany({
    where: {
      id: latest.id,
      usedAt: null,
      failedAttempts: { lt: MAX_ACCOUNT_CODE_ATTEMPTS },
      expiresAt: { gt: input.now },
    },
    data: { usedAt: input.now },
  });
  if (claimed.count === 0) throw new AppError("BAD_REQUEST", accountCodeMessages.expired);
  return latest;
}
