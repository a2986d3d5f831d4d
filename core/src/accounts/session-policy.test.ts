import { describe, expect, it } from "vitest";
import { sessionExpiry } from "./session-policy.ts";

const DAY = 86_400_000;

describe("sessionExpiry", () => {
  it("slides 30 days from the last use", () => {
    const signedIn = new Date("2026-01-01T00:00:00Z");
    const now = new Date(signedIn.getTime() + 10 * DAY);
    expect(sessionExpiry(now, signedIn)).toEqual(new Date(now.getTime() + 30 * DAY));
  });

  it("never goes beyond 90 days after the sign-in, however recent the use", () => {
    const signedIn = new Date("2026-01-01T00:00:00Z");
    const now = new Date(signedIn.getTime() + 75 * DAY);
    expect(sessionExpiry(now, signedIn)).toEqual(new Date(signedIn.getTime() + 90 * DAY));
  });

  it("gives a session without a sign-in (a pending registration) the sliding 30 days", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    expect(sessionExpiry(now, null)).toEqual(new Date(now.getTime() + 30 * DAY));
  });
});
