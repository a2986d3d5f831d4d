import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Mailer, MailMessage } from "../mail/create-mailer.ts";
import { createTestDatabase, type TestDatabase } from "../testing/database.ts";
import type { AccountDeps } from "./account-deps.ts";
import { changePasswordMessages } from "./change-password.ts";
import { accountCodeMessages } from "./claim-account-code.ts";
import { confirmEmailChange } from "./confirm-email-change.ts";
import { hashPassword } from "./hash-password.ts";
import { emailChangeMessages, requestEmailChange } from "./request-email-change.ts";

let db: TestDatabase;
let deps: AccountDeps;
const sent: MailMessage[] = [];
const mailer: Mailer = { mode: "development", revealsCodes: true, send: async (m) => void sent.push(m), close() {} };

beforeAll(async () => {
  db = await createTestDatabase();
  deps = { prisma: db.prisma, mailer, config: { appUrl: "https://postwright.example" } };
});
afterAll(async () => {
  await db?.close();
});

let counter = 0;
async function account() {
  const email = `move-${++counter}@example.com`;
  return db.prisma.user.create({
    data: { email, password: await hashPassword("Pass1!word"), firstName: "Ada", isEmailVerified: true },
  });
}
const codeIn = (mail: MailMessage | undefined) => (mail ? /Your code is: (\d{6})/.exec(mail.text)?.[1] : undefined);

describe("changing the email address", () => {
  it("mails a code to the new address, changes nothing until it is entered, then tells the old address", async () => {
    const user = await account();
    const answer = await requestEmailChange(deps, {
      userId: user.id,
      currentPassword: "Pass1!word",
      newEmail: "moved-here@example.com",
    });
    expect(answer).toEqual({ message: emailChangeMessages.sent, newEmail: "moved-here@example.com" });
    const mail = sent.at(-1)!;
    expect(mail.to).toBe("moved-here@example.com");
    expect(mail.subject).toBe("Confirm your new Postwright email address");
    expect((await db.prisma.user.findUnique({ where: { id: user.id } }))?.email).toBe(user.email);

    const updated = await confirmEmailChange(deps, { userId: user.id, code: codeIn(mail)! });
    expect(updated.email).toBe("moved-here@example.com");
    const notice = sent.at(-1)!;
    expect(notice.to).toBe(user.email);
    expect(notice.subject).toBe("Your Postwright email address was changed");
    expect(notice.text).toContain("moved-here@example.com");
  });

  it("asks for the current password", async () => {
    const user = await account();
    await expect(
      requestEmailChange(deps, { userId: user.id, currentPassword: "Wrong1!pass", newEmail: "x-new@example.com" }),
    ).rejects.toMatchObject({ status: 400, message: changePasswordMessages.wrongCurrent });
  });

  it("refuses an address another account uses, when asked and again when confirmed", async () => {
    const user = await account();
    const other = await account();
    await expect(
      requestEmailChange(deps, { userId: user.id, currentPassword: "Pass1!word", newEmail: other.email }),
    ).rejects.toMatchObject({ status: 409, message: emailChangeMessages.taken });

    await requestEmailChange(deps, {
      userId: user.id,
      currentPassword: "Pass1!word",
      newEmail: "contested@example.com",
    });
    const code = codeIn(sent.at(-1))!;
    // Someone else takes the address in between.
    await db.prisma.user.update({ where: { id: other.id }, data: { email: "contested@example.com" } });
    await expect(confirmEmailChange(deps, { userId: user.id, code })).rejects.toMatchObject({ status: 409 });
    expect((await db.prisma.user.findUnique({ where: { id: user.id } }))?.email).toBe(user.email);
  });

  it("accepts a code only for the account it was sent for", async () => {
    const user = await account();
    const other = await account();
    await requestEmailChange(deps, {
      userId: user.id,
      currentPassword: "Pass1!word",
      newEmail: "mine-only@example.com",
    });
    const code = codeIn(sent.at(-1))!;
    await expect(confirmEmailChange(deps, { userId: other.id, code })).rejects.toMatchObject({
      message: accountCodeMessages.expired,
    });
  });
});
