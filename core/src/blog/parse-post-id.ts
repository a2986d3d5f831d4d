import { notFound } from "../errors/index.ts";

const MAX_ID = 2_147_483_647;

/** A post id from a URL. Anything that cannot be a post's id (letters, signs, too large) is a post that does not
 * exist: 404, never a database error. */
export function parsePostId(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw notFound("Blog post not found.");
  return id;
}
