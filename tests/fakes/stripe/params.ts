// Reading Stripe's form parameters (parsed from bracket notation by qs: every leaf is a string) the way the API
// does: unknown parameters are refused, booleans are "true"/"false", integers are decimal strings.
import { FakeStripeError } from "./errors.ts";

export type Params = Record<string, unknown>;

/**
 * Refuses parameters Stripe does not know (parameter_unknown) and real ones this fake does not implement.
 * @param implemented what the fake understands at this level
 * @param known what the real API also accepts here (from the Stripe API reference)
 */
export function checkParams(params: Params, implemented: readonly string[], known: readonly string[] = [], prefix = ""): void {
  for (const key of Object.keys(params)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (implemented.includes(key)) continue;
    throw known.includes(key) ? FakeStripeError.unsupported(name) : FakeStripeError.parameterUnknown(name);
  }
}

export function optionalString(value: unknown, param: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw FakeStripeError.invalid(`Invalid string: ${param} must be a string`, param);
  return value;
}

export function requiredString(value: unknown, param: string): string {
  const text = optionalString(value, param);
  if (text === undefined || text === "") throw FakeStripeError.parameterMissing(param);
  return text;
}

export function optionalInteger(value: unknown, param: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !/^-?\d+$/.test(value)) {
    throw FakeStripeError.invalid(`Invalid integer: ${typeof value === "string" ? value : "object"}`, param, "parameter_invalid_integer");
  }
  return Number(value);
}

export function optionalBoolean(value: unknown, param: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  throw FakeStripeError.invalid(`Invalid boolean: ${typeof value === "string" ? value : "object"}`, param);
}

export function optionalObject(value: unknown, param: string): Params | undefined {
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw FakeStripeError.invalid(`Invalid object`, param);
  }
  return value as Params;
}

/** Arrays arrive as arrays (a[0]=x) or, past qs's array limit, as objects keyed by index. */
export function optionalArray(value: unknown, param: string): unknown[] | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value;
  if (typeof value === "object" && value !== null) return Object.values(value);
  throw FakeStripeError.invalid(`Invalid array`, param);
}

export function optionalUrl(value: unknown, param: string): string | undefined {
  const text = optionalString(value, param);
  if (text === undefined) return undefined;
  try {
    const url = new URL(text.replace("{CHECKOUT_SESSION_ID}", "x"));
    if (url.protocol === "http:" || url.protocol === "https:") return text;
  } catch {
    // fall through to Stripe's message
  }
  throw FakeStripeError.invalid("Not a valid URL", param, "url_invalid");
}

/** Metadata: up to 50 string values; "" deletes a key when updating. */
export function metadataUpdate(current: Record<string, string>, value: unknown, param = "metadata"): Record<string, string> {
  if (value === undefined) return current;
  if (value === "") return {};
  const update = optionalObject(value, param) ?? {};
  const next = { ...current };
  for (const [key, v] of Object.entries(update)) {
    if (typeof v !== "string") throw FakeStripeError.invalid("Invalid metadata value", `${param}[${key}]`);
    if (key.length > 40) throw FakeStripeError.invalid("Metadata keys must be at most 40 characters", `${param}[${key}]`);
    if (v.length > 500) throw FakeStripeError.invalid("Metadata values must be at most 500 characters", `${param}[${key}]`);
    if (v === "") delete next[key];
    else next[key] = v;
  }
  if (Object.keys(next).length > 50) throw FakeStripeError.invalid("Metadata can have at most 50 keys", param);
  return next;
}

export function expandList(params: Params): string[] {
  return (optionalArray(params.expand, "expand") ?? []).map((entry, i) => requiredString(entry, `expand[${i}]`));
}
