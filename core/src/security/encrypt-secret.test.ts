import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors/index.ts";
import { decryptSecret } from "./decrypt-secret.ts";
import { encryptSecret } from "./encrypt-secret.ts";

const key = randomBytes(32);

function flipCharacter(text: string, index: number): string {
  const c = text[index];
  return text.slice(0, index) + (c === "A" ? "B" : "A") + text.slice(index + 1);
}

describe("encryptSecret / decryptSecret", () => {
  it("gives back the original value, including spaces and non-ASCII characters", () => {
    for (const plain of ["shpat_0123456789abcdef", "abcd EFGH ijkl MNOP qrst UVWX", "mot de passe é ü 中文", ""]) {
      expect(decryptSecret(encryptSecret(plain, key), key)).toBe(plain);
    }
  });

  it("stores a versioned value that does not contain the secret, with a fresh IV each time", () => {
    const first = encryptSecret("abcd EFGH ijkl MNOP", key);
    const second = encryptSecret("abcd EFGH ijkl MNOP", key);
    expect(first).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(first).not.toContain("EFGH");
    expect(first).not.toBe(second);
    expect(first.split(":")[1]).not.toBe(second.split(":")[1]);
  });

  it("refuses a value whose ciphertext, tag or IV was changed", () => {
    const stored = encryptSecret("a secret application password", key);
    const [version, iv, tag, data] = stored.split(":") as [string, string, string, string];
    const tampered = [
      [version, iv, tag, flipCharacter(data, 0)],
      [version, iv, flipCharacter(tag, 0), data],
      [version, flipCharacter(iv, 0), tag, data],
      [version, iv, tag, data.slice(0, -2)],
      // One character more at the end, which base64url decoding would drop.
      [version, iv, tag, `${data}A`],
      [version, `${iv}A`, tag, data],
    ].map((parts) => parts.join(":"));
    for (const value of tampered) {
      expect(() => decryptSecret(value, key)).toThrow(AppError);
    }
  });

  it("refuses to decrypt with another key, telling the user to enter the credential again", () => {
    const stored = encryptSecret("shpat_secretvalue42", key);
    let caught: unknown;
    try {
      decryptSecret(stored, randomBytes(32));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).message).toMatch(/enter it again/);
    expect((caught as AppError).message).not.toContain("secretvalue42");
  });

  it("refuses values that are not in the stored format", () => {
    for (const value of ["plain-text-password", "v2:a:b:c", "v1:only:three", "v1:!!:??:**"]) {
      expect(() => decryptSecret(value, key)).toThrow(AppError);
    }
  });

  it("rejects keys that are not 32 bytes", () => {
    expect(() => encryptSecret("x", randomBytes(16))).toThrow(/32 bytes/);
    expect(() => decryptSecret(encryptSecret("x", key), randomBytes(31))).toThrow(/32 bytes/);
  });
});
