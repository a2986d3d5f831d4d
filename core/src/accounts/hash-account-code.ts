import { createHash } from "node:crypto";

/** What account_codes keeps of a code: a hash bound to its account and purpose. */
export function hashAccountCode(userId: number, purpose: string, code: string): string {
  return createHash("sha256").update(`${userId}:${purpose}:${code}`).digest("hex");
}
