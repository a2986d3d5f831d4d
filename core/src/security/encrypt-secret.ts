import { createCipheriv, randomBytes } from "node:crypto";
import { assertSecretKey, secretCipher, secretFormatVersion, secretIvBytes, secretTagBytes } from "./secret-format.ts";

/** Encrypts a credential (an access token, an application password) for storage, with AES-256-GCM and a fresh IV. */
export function encryptSecret(plain: string, key: Buffer): string {
  assertSecretKey(key);
  const iv = randomBytes(secretIvBytes);
  const cipher = createCipheriv(secretCipher, key, iv, { authTagLength: secretTagBytes });
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [secretFormatVersion, iv.toString("base64url"), tag.toString("base64url"), data.toString("base64url")].join(
    ":",
  );
}
