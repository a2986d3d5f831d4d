import { argon2id, hash } from "argon2";

/**
 * argon2id with OWASP's baseline parameters (19 MiB, 2 passes, 1 lane): about 30 ms on one core, so sign-in stays
 * quick while each guess against a stolen hash costs real memory. Parameters live in the hash string, so they can be
 * raised later without breaking existing passwords.
 */
export const passwordHashOptions = { type: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, passwordHashOptions);
}
