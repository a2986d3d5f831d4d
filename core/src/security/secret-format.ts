// The stored form of an encrypted secret: "v1:<iv>:<tag>:<ciphertext>", each part base64url. The version prefix lets
// a later scheme (another cipher, a key id) be introduced while old values stay readable.
export const secretFormatVersion = "v1";
export const secretCipher = "aes-256-gcm";
export const secretIvBytes = 12;
export const secretTagBytes = 16;
export const secretKeyBytes = 32;

export function assertSecretKey(key: Buffer): void {
  if (key.length !== secretKeyBytes) {
    throw new Error(`The encryption key must be ${secretKeyBytes} bytes, got ${key.length}`);
  }
}
