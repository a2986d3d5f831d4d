import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Mailer, MailMessage } from "../mail/create-mailer.ts";
import { createTestDatabase, type TestDatabase } from "../testing/database.ts";
import type { AccountDeps } from "./account-deps.ts";
import { authenticateUser } from "./authenticate-user.ts";
import { changePassword, changePasswordMessages } from "./change-password.ts";
import { hashPassword } from "./hash-password.ts";

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

async function userWithSessions(email: string, sids: string[]) {
  const user = await db.prisma.user.create({
    data: { email, password: await hashPassword("Old1!pass"), firstName: "Ada", isEmailVerified: true },
  });
  for (const sid of sids) {
    await db.prisma.session.create({
      data: {
        sid,
        sess: { userId: user.id },
        expire: new Date(Date.now() + 86_400_000),
        userId: user.id,
        signedInAt: new Date(),
      },
    });
  }
  return user;
}

describe("changePassword", () => {
  it("sets the new password, ends every other session, keeps this one and mails a notice", async () => {
    const user = await userWithSessions("change1@example.com", ["cp-here", "cp-phone", "cp-laptop"]);
    const stranger = await userWithSessions("change1-other@example.com", ["cp-stranger"]);
    const result = await changePassword(deps, {
      userId: user.id,
      currentSid: "cp-here",
      currentPassword: "Old1!pass",
      newPassword: "New1!pass",
    });
    expect(result).toEqual({ message: changePasswordMessages.changed, endedSessions: 2 });
    const left = await db.prisma.session.findMany({
      where: { userId: { in: [user.id, stranger.id] } },
      select: { sid: true },
    });
    expect(left.map((s) => s.sid).sort()).toEqual(["cp-here", "cp-stranger"]);
    await expect(authenticateUser(deps, { email: user.email, password: "New1!pass" })).resolves.toMatchObject({
      id: user.id,
    });
    await expect(authenticateUser(deps, { email: user.email, password: "Old1!pass" })).rejects.toMatchObject({
      status: 401,
    });
    const notice = sent.find((m) => m.to === user.email);
    expect(notice?.subject).toBe("Your Postwright password was changed");
    expect(notice?.text).toContain("/forgot-password");
  });

  it("refuses a wrong current password and changes nothing", async () => {
    const user = await userWithSessions("change2@example.com", ["cp2-here", "cp2-other"]);
    await expect(
      changePassword(deps, {
        userId: user.id,
        currentSid: "cp2-here",
        currentPassword: "Wrong1!pass",
        newPassword: "New1!pass",
      }),
    ).rejects.toMatchObject({ status: 400, message: changePasswordMessages.wrongCurrent });
    expect(await db.prisma.session.count({ where: { userId: user.id } })).toBe(2);
    await expect(authenticateUser(deps, { email: user.email, password: "Old1!pass" })).resolves.toMatchObject({
      id: user.id,
    });
  });

  it("refuses the current password as the new one", async () => {
    const user = await userWithSessions("change3@example.com", []);
    await expect(
      changePassword(deps, {
        userId: user.id,
        currentSid: undefined,
        currentPassword: "Old1!pass",
        newPassword: "Old1!pass",
      }),
    ).rejects.toMatchObject({ status: 400, message: changePasswordMessages.sameAsCurrent });
  });
});
