import { createHash } from "node:crypto";

/**
 * The name under which a session is shown to its user and ended: derived from the session id, which is the
 * cookie's secret and so never leaves the server, by a one-way hash.
 */
export function toSessionHandle(sid: string): string {
  return createHash("sha256").update(sid).digest("base64url").slice(0, 22);
}
