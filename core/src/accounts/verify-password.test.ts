import { describe, expect, it } from "vitest";
import { hashPassword } from "./hash-password.ts";
import { verifyPassword } from "./verify-password.ts";

describe("hashPassword and verifyPassword", () => {
  it("hashes with argon2id and a random salt, and checks the password against the hash", async () => {
    const first = await hashPassword("Passw0rd!");
    const second = await hashPassword("Passw0rd!");
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(second).not.toBe(first);
    expect(await verifyPassword(first, "Passw0rd!")).toBe(true);
    expect(await verifyPassword(first, "passw0rd!")).toBe(false);
  });

  it("says no, without throwing, when there is no hash or one it cannot read", async () => {
    expect(await verifyPassword(undefined, "Passw0rd!")).toBe(false);
    expect(await verifyPassword("$2b$10$abcdefghijklmnopqrstuuPDWbr4GixBXFcK4cRHXyN9iRR3P6sIa", "Passw0rd!")).toBe(false);
    expect(await verifyPassword("$argon2id$broken", "Passw0rd!")).toBe(false);
  });
});
