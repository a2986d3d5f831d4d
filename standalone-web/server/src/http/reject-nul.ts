// A NUL character cannot be stored in a PostgreSQL text column (the query fails), and no person types one: a JSON body
// holding one anywhere, in a value or a key, is refused with 400 before any route sees it.
import type { RequestHandler } from "express";
import { AppError } from "@postwright/core/errors";

export const nulMessage = "The request contains a NUL character (\\u0000), which no text field accepts. Remove it and try again.";

/** Whether a parsed body holds a NUL anywhere; walked without recursion, so no nesting depth can crash it. */
export function holdsNul(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (value.includes("\0")) return true;
    } else if (Array.isArray(value)) {
      pending.push(...(value as unknown[]));
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes("\0")) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

export const rejectNul: RequestHandler = (req, _res, next) => {
  if (holdsNul(req.body) || holdsNul(req.query)) throw new AppError("BAD_REQUEST", nulMessage);
  next();
};
