import type { RegisterResponse } from "@postwright/core/contracts";

export const CODE_LENGTH = 6;

/** What the code field keeps of what was typed or pasted: digits only, at most six. */
export function sanitizeCode(value: string): string {
  return value.replace(/\D/g, "").slice(0, CODE_LENGTH);
}

/** The verification page for a new account, with the development code when the server returned one. */
export function verifyEmailPath(response: Pick<RegisterResponse, "email" | "developmentCode">): string {
  const params = new URLSearchParams({ email: response.email });
  if (response.developmentCode) params.set("code", response.developmentCode);
  return `/verify-email?${params.toString()}`;
}
