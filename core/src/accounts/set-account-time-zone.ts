// The owner's time zone, an account setting: the content plans they create start from it (each plan keeps its own,
// so changing the account's later moves no slot). Validated against the IANA zones the runtime knows.
import { accountTimeZoneSchema, type AccountTimeZoneInput } from "../contracts/account.ts";
import type { Prisma } from "../db/index.ts";
import { parseInput } from "../errors/index.ts";

export async function setAccountTimeZone(
  { prisma }: { prisma: Prisma },
  userId: number,
  input: unknown,
): Promise<AccountTimeZoneInput & { message: string }> {
  const { timeZone } = parseInput(accountTimeZoneSchema, input);
  await prisma.user.update({ where: { id: userId }, data: { timeZone } });
  return { timeZone, message: `Your time zone is now ${timeZone}.` };
}
