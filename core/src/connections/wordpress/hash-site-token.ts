import { createHash } from "node:crypto";

/** How connect codes and site credentials are stored: their SHA-256, so a copy of the database cannot be used. */
export function hashSiteToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
