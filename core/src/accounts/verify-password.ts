import { randomBytes } from "node:crypto";
import { verify } from "argon2";
import { hashPassword } from "./hash-password.ts";

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored argon2 hash. Without a hash (unknown email) it checks against a dummy one,
 * so that a sign-in takes as long whether or not the account exists. A hash this module cannot read counts as a
 * mismatch.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined || !storedHash.startsWith("$argon2")) {
    dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
