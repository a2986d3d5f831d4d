import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Mailer, MailMessage } from "../mail/create-mailer.ts";
import { createTestDatabase, type TestDatabase } from "../testing/database.ts";
import type { AccountDeps } from "./account-deps.ts";
import { authenticateUser } from "./authenticate-user.ts";
import { accountCodeMessages } from "./claim-account-code.ts";
import { hashPassword } from "./hash-password.ts";
import { passwordResetRequestedMessage, requestPasswordReset } from "./request-password-reset.ts";
import { resetPassword } from "./reset-password.ts";

let db: TestDatabase;
const sent: MailMessage[] = [];
const mailer: Mailer = { mode: "development", revealsCodes: true, send: async (m) => void sent.push(m), close() {} };

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

function at(start: Date) {
  let now = start;
  const deps: AccountDeps = {
    prisma: db.prisma,
    mailer,
    config: { appUrl: "https://postwright.example" },
    now: () => now,
  };
  return { deps, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

let counter = 0;
async function account() {
  const email = `reset-${++counter}@example.com`;
  const user = await db.prisma.user.create({
    data: { email, password: await hashPassword("Old1!pass"), isEmailVerified: true },
  });
  await db.prisma.session.create({
    data: {
      sid: `reset-session-${counter}`,
      sess: { userId: user.id },
      expire: new Date(Date.now() + 86_400_000),
      userId: user.id,
    },
  });
  return user;
}

const codeMailedTo = (email: string) => {
  const mail = sent.filter((m) => m.to === email && m.subject === "Reset your Postwright password").at(-1);
  return mail ? /Your code is: (\d{6})/.exec(mail.text)?.[1] : undefined;
};

describe("forgotten password", () => {
  it("answers the same for an unknown email and mails nothing", async () => {
    const { deps } = at(new Date());
    const before = sent.length;
    const answer = await requestPasswordReset(deps, { email: "nobody-here@example.com" });
    expect(answer).toEqual({ message: passwordResetRequestedMessage });
    expect(sent.length).toBe(before);
    const user = await account();
    expect(await requestPasswordReset(deps, { email: user.email })).toEqual(answer);
  });

  it("mails a code and a link, keeps only its hash, and resets the password once, ending every session", async () => {
    const clock = at(new Date("2026-06-01T10:00:00Z"));
    const user = await account();
    await requestPasswordReset(clock.deps, { email: user.email });
    const code = codeMailedTo(user.email)!;
    expect(code).toMatch(/^\d{6}$/);
    const mail = sent.at(-1)!;
    expect(mail.text).toContain(
      `https://postwright.example/reset-password?email=${encodeURIComponent(user.email)}&code=${code}`,
    );
    expect(mail.text).toContain("30 minutes");
    const row = await db.prisma.accountCode.findFirst({ where: { userId: user.id } });
    expect(row?.codeHash).not.toContain(code);

    clock.advance(30 * 60_000 - 1);
    await resetPassword(clock.deps, { email: user.email, code, password: "New1!pass" });
    expect(await db.prisma.session.count({ where: { userId: user.id } })).toBe(0);
    await expect(authenticateUser(clock.deps, { email: user.email, password: "New1!pass" })).resolves.toMatchObject({
      id: user.id,
    });
    expect(sent.at(-1)?.subject).toBe("Your Postwright password was reset");
    // Used once.
    await expect(resetPassword(clock.deps, { email: user.email, code, password: "Other1!pass" })).rejects.toMatchObject(
      {
        status: 400,
        message: accountCodeMessages.expired,
      },
    );
  });

  it("refuses the code from the 30th minute on", async () => {
    const clock = at(new Date("2026-06-01T10:00:00Z"));
    const user = await account();
    await requestPasswordReset(clock.deps, { email: user.email });
    clock.advance(30 * 60_000);
    await expect(
      resetPassword(clock.deps, { email: user.email, code: codeMailedTo(user.email)!, password: "New1!pass" }),
    ).rejects.toMatchObject({ message: accountCodeMessages.expired });
    await expect(authenticateUser(clock.deps, { email: user.email, password: "Old1!pass" })).resolves.toMatchObject({
      id: user.id,
    });
  });

  it("kills the code after 5 wrong tries, even the right one afterwards", async () => {
    const { deps } = at(new Date());
    const user = await account();
    await requestPasswordReset(deps, { email: user.email });
    const code = codeMailedTo(user.email)!;
    const wrong = code === "000000" ? "000001" : "000000";
    for (let i = 1; i <= 4; i += 1) {
      await expect(
        resetPassword(deps, { email: user.email, code: wrong, password: "New1!pass" }),
      ).rejects.toMatchObject({
        message: accountCodeMessages.invalid,
      });
    }
    await expect(resetPassword(deps, { email: user.email, code: wrong, password: "New1!pass" })).rejects.toMatchObject({
      message: accountCodeMessages.lastTryFailed,
    });
    await expect(resetPassword(deps, { email: user.email, code, password: "New1!pass" })).rejects.toMatchObject({
      message: accountCodeMessages.expired,
    });
  });

  it("accepts only the newest code", async () => {
    const { deps } = at(new Date());
    const user = await account();
    await requestPasswordReset(deps, { email: user.email });
    const first = codeMailedTo(user.email)!;
    await requestPasswordReset(deps, { email: user.email });
    const second = codeMailedTo(user.email)!;
    if (first !== second) {
      await expect(
        resetPassword(deps, { email: user.email, code: first, password: "New1!pass" }),
      ).rejects.toMatchObject({ status: 400 });
    }
    await expect(
      resetPassword(deps, { email: user.email, code: second, password: "New1!pass" }),
    ).resolves.toBeDefined();
  });
});
