import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Mailer, MailMessage } from "../mail/create-mailer.ts";
import { createTestDatabase, type TestDatabase } from "../testing/database.ts";
import type { AccountDeps } from "./account-deps.ts";
import { registerUser } from "./register-user.ts";
import { resendVerification } from "./resend-verification.ts";
import { verificationMessages, verifyEmail } from "./verify-email.ts";

let db: TestDatabase;
let counter = 0;
const sent: MailMessage[] = [];
const mailer: Mailer = {
  mode: "development",
  revealsCodes: true,
  async send(message) {
    sent.push(message);
  },
  close() {},
};

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

/** Deps whose clock the test moves. */
function at(start: Date) {
  let now = start;
  const deps: AccountDeps = { prisma: db.prisma, mailer, config: { appUrl: "https://postwright.example" }, now: () => now };
  return { deps, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

async function startRegistration(deps: AccountDeps, email = `core-${++counter}-${Date.now()}@example.com`, password = "Passw0rd!") {
  const { response, registrationId } = await registerUser(deps, { email, password, firstName: "Ada", lastName: "Lovelace" });
  return { email, code: response.developmentCode!, registrationId };
}

describe("verifyEmail", () => {
  it("accepts the code until 15 minutes have passed", async () => {
    const clock = at(new Date("2026-03-01T10:00:00Z"));
    const { email, code } = await startRegistration(clock.deps);
    clock.advance(15 * 60_000 - 1);
    const user = await verifyEmail(clock.deps, { email, code });
    expect(user).toMatchObject({ email, isEmailVerified: true, firstName: "Ada" });
  });

  it("refuses the code from the 15th minute on", async () => {
    const clock = at(new Date("2026-03-01T10:00:00Z"));
    const { email, code } = await startRegistration(clock.deps);
    clock.advance(15 * 60_000);
    await expect(verifyEmail(clock.deps, { email, code })).rejects.toMatchObject({
      status: 400,
      message: verificationMessages.expired,
    });
    expect(await db.prisma.user.findUnique({ where: { email } })).toBeNull();
  });

  it("gives a resent code a fresh 15 minutes", async () => {
    const clock = at(new Date("2026-03-01T10:00:00Z"));
    const { email } = await startRegistration(clock.deps);
    clock.advance(20 * 60_000);
    const resent = await resendVerification(clock.deps, { email });
    clock.advance(10 * 60_000);
    await expect(verifyEmail(clock.deps, { email, code: resent.developmentCode! })).resolves.toMatchObject({ email });
  });

  it("emails the code with a link to the verification page", async () => {
    const clock = at(new Date());
    const { email, code } = await startRegistration(clock.deps);
    const mail = sent.find((m) => m.to === email);
    expect(mail?.text).toContain(`Your Postwright verification code is: ${code}`);
    expect(mail?.text).toContain(`https://postwright.example/verify-email?email=${encodeURIComponent(email)}`);
    expect(mail?.html).toContain(`>${code}</p>`);
  });

  it("counts parallel wrong guesses exactly: never more than 5 per code", async () => {
    const clock = at(new Date());
    const { email, code } = await startRegistration(clock.deps);
    const wrong = code === "999999" ? "999998" : "999999";
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => verifyEmail(clock.deps, { email, code: wrong })));
    expect(results.every((r) => r.status === "rejected")).toBe(true);
    const row = await db.prisma.emailVerification.findFirst({ where: { email } });
    expect(row?.failedAttempts).toBe(5);
    await expect(verifyEmail(clock.deps, { email, code })).rejects.toMatchObject({ message: verificationMessages.tooManyTries });
  });

  it("accepts the code of an email registered with two passwords only from the browser that registered last", async () => {
    const clock = at(new Date());
    const victim = await startRegistration(clock.deps);
    // Someone else registers the same email with a password of their own; its code goes to the victim's mailbox.
    const other = await startRegistration(clock.deps, victim.email, "Intrud3r!pw");
    for (const registrationId of [undefined, null, victim.registrationId]) {
      await expect(verifyEmail(clock.deps, { email: victim.email, code: other.code }, { registrationId })).rejects.toMatchObject({
        status: 409,
        message: verificationMessages.registeredElsewhere,
      });
    }
    expect(await db.prisma.user.findUnique({ where: { email: victim.email } })).toBeNull();

    // Registering again from the victim's browser makes that browser's registration the one that counts.
    const again = await startRegistration(clock.deps, victim.email);
    const user = await verifyEmail(clock.deps, { email: victim.email, code: again.code }, { registrationId: again.registrationId });
    const row = await db.prisma.emailVerification.findUnique({ where: { id: again.registrationId! } });
    expect(user.password).toBe(row?.hashedPassword);
  });

  it("creates one account when the right code arrives twice at once", async () => {
    const clock = at(new Date());
    const { email, code } = await startRegistration(clock.deps);
    const results = await Promise.allSettled([verifyEmail(clock.deps, { email, code }), verifyEmail(clock.deps, { email, code })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({
      reason: { status: 400, message: verificationMessages.invalid },
    });
    expect(await db.prisma.user.count({ where: { email } })).toBe(1);
  });
});
