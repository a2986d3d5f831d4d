// How long a login session lives. It slides: each use (recorded at most once an hour) pushes its end back to 30 days
// from then. Whatever its use, it ends 90 days after the sign-in that started it, so a stolen cookie or a forgotten
// shared computer cannot stay signed in for ever (OWASP ASVS 3.3).
export const SESSION_IDLE_DAYS = 30;
export const SESSION_ABSOLUTE_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a session used now ends: 30 days from now, but never later than 90 days after sign-in. */
export function sessionExpiry(now: Date, signedInAt: Date | null): Date {
  const idle = now.getTime() + SESSION_IDLE_DAYS * DAY_MS;
  if (!signedInAt) return new Date(idle);
  return new Date(Math.min(idle, signedInAt.getTime() + SESSION_ABSOLUTE_DAYS * DAY_MS));
}
