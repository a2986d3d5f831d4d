import { randomInt } from "node:crypto";

/** A uniformly random 6-digit code, leading zeros included. */
export function createVerificationCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}
