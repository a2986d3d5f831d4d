import type { z } from "zod";
import { AppError } from "./app-error.ts";

/**
 * Validates input against a shared schema. On failure the user is told the first problem in the schema's own words
 * (the product's validation messages), and the full list goes along as details for forms that show every field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  const first = issues[0];
  const message =
    first && !/^Invalid input|^Expected/.test(first.message)
      ? first.message
      : `Please check ${first?.path ? `the ${first.path} field` : "your input"}.`;
  throw new AppError("BAD_REQUEST", message, { details: { issues } });
}
