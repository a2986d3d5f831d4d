import { createDecipheriv } from "node:crypto";
import { AppError } from "../errors/index.ts";
import { assertSecretKey, secretCipher, secretFormatVersion, secretIvBytes, secretTagBytes } from "./secret-format.ts";

const unreadable = (internal: string, cause?: unknown) =>
  new AppError("INTERNAL", "A saved password or access token could not be read. Please enter it again.", {
    internal,
    cause,
  });

/**
 * Reads a value written by encryptSecret. A changed, truncated or foreign value, or another key, is refused (the GCM
 * tag authenticates it): the error asks the user to enter the credential again.
 */
export function decryptSecret(stored: string, key: Buffer): string {
  assertSecretKey(key);
  const parts = stored.split(":");
  if (parts.length !== 4 || parts[0] !== secretFormatVersion) {
    throw unreadable(`stored secret is not in the ${secretFormatVersion} format`);
  }
  const [, ivText, tagText, dataText] = parts as [string, string, string, string];
  const base64url = /^[A-Za-z0-9_-]*$/;
  if (![ivText, tagText, dataText].every((part) => base64url.test(part))) {
    throw unreadable("stored secret has characters outside base64url");
  }
  // Only the encoding encryptSecret writes: decoding drops a dangling last character, which would let two different
  // stored values read the same.
  if (![ivText, tagText, dataText].every((part) => Buffer.from(part, "base64url").toString("base64url") === part)) {
    throw unreadable("stored secret is not canonical base64url");
  }
  const iv = Buffer.from(ivText, "base64url");
  const tag = Buffer.from(tagText, "base64url");
  if (iv.length !== secretIvBytes || tag.length !== secretTagBytes) {
    throw unreadable("stored secret has a wrong IV or tag length");
  }
  try {
    const decipher = createDecipheriv(secretCipher, key, iv, { authTagLength: secretTagBytes });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(dataText, "base64url")), decipher.final()]).toString("utf8");
  } catch (error) {
    throw unreadable("stored secret failed authentication (tampered, or encrypted with another key)", error);
  }
}
