import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BillingAccount, BillingProvider } from "../billing/provider.ts";
import type { Mailer, MailMessage } from "../mail/create-mailer.ts";
import { createTestDatabase, type TestDatabase } from "../testing/database.ts";
import { changePasswordMessages } from "./change-password.ts";
import { deleteAccount, deleteAccountMessages, type DeleteAccountDeps } from "./delete-account.ts";
import { exportAccountData } from "./export-account-data.ts";
import { hashPassword } from "./hash-password.ts";

let db: TestDatabase;
let uploadDir: string;
const sent: MailMessage[] = [];
const mailer: Mailer = { mode: "development", revealsCodes: true, send: async (m) => void sent.push(m), close() {} };
const cancelled: BillingAccount[] = [];
let providerRefuses = false;
const billing = {
  kind: "stripe",
  enabled: true,
  async cancelNow(user: BillingAccount) {
    if (providerRefuses) throw new Error("provider unreachable");
    cancelled.push(user);
    return {
      subscriptionId: user.stripeSubscriptionId!,
      customerId: null,
      plan: null,
      interval: null,
      status: "cancelled",
      endDate: null,
      live: true,
    };
  },
} as unknown as BillingProvider;

beforeAll(async () => {
  db = await createTestDatabase();
  uploadDir = await mkdtemp(join(tmpdir(), "postwright-delete-"));
});
afterAll(async () => {
  await db?.close();
  await rm(uploadDir, { recursive: true, force: true });
});

const deps = (): DeleteAccountDeps => ({
  prisma: db.prisma,
  mailer,
  billing,
  config: { appUrl: "https://postwright.example", adminEmail: "admin@example.com", uploadDir },
});

const imageName = (n: number) => `${n.toString(16).padStart(32, "0")}.png`;

/** An account with a post using two uploaded images, an uploaded image no post uses yet, a connection and a
 * session. */
async function fullAccount(email: string, data: Record<string, unknown> = {}) {
  const user = await db.prisma.user.create({
    data: { email, password: await hashPassword("Pass1!word"), firstName: "Ada", ...data },
  });
  const [a, b, c] = [imageName(user.id * 10 + 1), imageName(user.id * 10 + 2), imageName(user.id * 10 + 3)];
  await writeFile(join(uploadDir, a), "png");
  await writeFile(join(uploadDir, b), "png");
  await writeFile(join(uploadDir, c), "png");
  await db.prisma.uploadedImage.createMany({
    data: [a, b, c].map((filename) => ({ userId: user.id, filename, size: 3, contentType: "image/png" })),
  });
  await db.prisma.blogPost.create({
    data: {
      userId: user.id,
      title: "Spring tips",
      content: "text",
      htmlContent: `<p>text</p><img src="/uploads/${b}" alt="">`,
      keywords: ["spring"],
      images: [{ url: `/uploads/${a}`, altText: "", originalName: "a.png", size: 3 }],
    },
  });
  await db.prisma.wordpressConnection.create({
    data: {
      userId: user.id,
      siteName: "Blog",
      siteUrl: "https://blog.example",
      username: "ada",
      applicationPassword: "v1:secret-cipher",
    },
  });
  await db.prisma.session.create({
    data: {
      sid: `del-${user.id}`,
      sess: { userId: user.id },
      userId: user.id,
      expire: new Date(Date.now() + 86_400_000),
    },
  });
  return { user, files: [a, b, c] };
}

describe("exportAccountData", () => {
  it("gives the account, posts and connections, without any secret", async () => {
    const { user } = await fullAccount("export@example.com", {
      stripeCustomerId: "cus_secret",
      stripeSubscriptionId: "sub_secret",
    });
    const data = await exportAccountData({ prisma: db.prisma }, { userId: user.id });
    expect(data.account).toMatchObject({ id: user.id, email: "export@example.com", firstName: "Ada" });
    expect(data.posts).toHaveLength(1);
    expect(data.posts[0]).toMatchObject({ title: "Spring tips", keywords: ["spring"] });
    expect(data.connections.wordpress).toEqual([
      expect.objectContaining({ siteUrl: "https://blog.example", username: "ada" }),
    ]);
    expect(data.sessions).toHaveLength(1);
    const text = JSON.stringify(data);
    for (const secret of ["secret-cipher", "cus_secret", "sub_secret", "$argon2", `del-${user.id}`])
      expect(text).not.toContain(secret);
  });
});

describe("deleteAccount", () => {
  it("asks for the password and deletes nothing when it is wrong", async () => {
    const { user, files } = await fullAccount("keep@example.com");
    await expect(deleteAccount(deps(), { userId: user.id, password: "Wrong1!pass" })).rejects.toMatchObject({
      status: 400,
      message: changePasswordMessages.wrongCurrent,
    });
    expect(await db.prisma.user.count({ where: { id: user.id } })).toBe(1);
    expect(files.every((f) => existsSync(join(uploadDir, f)))).toBe(true);
  });

  it("removes the account, its posts, images on disk, connections and sessions, and mails a notice", async () => {
    const { user, files } = await fullAccount("leaver@example.com");
    const stays = await fullAccount("stays@example.com");
    await deleteAccount(deps(), { userId: user.id, password: "Pass1!word" });
    expect(await db.prisma.user.count({ where: { id: user.id } })).toBe(0);
    expect(await db.prisma.blogPost.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.prisma.wordpressConnection.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.prisma.session.count({ where: { sid: `del-${user.id}` } })).toBe(0);
    expect(files.some((f) => existsSync(join(uploadDir, f)))).toBe(false);
    expect(await db.prisma.uploadedImage.count({ where: { userId: user.id } })).toBe(0);
    // Someone else's account is untouched.
    expect(stays.files.every((f) => existsSync(join(uploadDir, f)))).toBe(true);
    expect(await db.prisma.session.count({ where: { userId: stays.user.id } })).toBe(1);
    expect(sent.at(-1)).toMatchObject({ to: "leaver@example.com", subject: "Your Postwright account was deleted" });
    expect(cancelled).toHaveLength(0);
  });

  it("keeps an image another account's post also shows", async () => {
    const { user, files } = await fullAccount("sharer@example.com");
    const other = await db.prisma.user.create({ data: { email: "borrower@example.com", password: "x" } });
    await db.prisma.blogPost.create({
      data: {
        userId: other.id,
        title: "t",
        content: "c",
        htmlContent: `<img src="/uploads/${files[0]}">`,
        keywords: [],
      },
    });
    await deleteAccount(deps(), { userId: user.id, password: "Pass1!word" });
    expect(existsSync(join(uploadDir, files[0]!))).toBe(true);
    expect(existsSync(join(uploadDir, files[1]!))).toBe(false);
  });

  it("cancels a paid subscription with the provider first, and deletes nothing when the provider fails", async () => {
    const paid = {
      subscriptionPlan: "starter",
      subscriptionStatus: "active",
      stripeCustomerId: "cus_1",
      stripeSubscriptionId: "sub_1",
    };
    const { user } = await fullAccount("payer@example.com", paid);
    providerRefuses = true;
    await expect(deleteAccount(deps(), { userId: user.id, password: "Pass1!word" })).rejects.toThrow();
    expect(await db.prisma.user.count({ where: { id: user.id } })).toBe(1);
    providerRefuses = false;
    await deleteAccount(deps(), { userId: user.id, password: "Pass1!word" });
    expect(cancelled.map((u) => u.stripeSubscriptionId)).toEqual(["sub_1"]);
    expect(await db.prisma.user.count({ where: { id: user.id } })).toBe(0);
  });

  it("refuses to delete the administrator account", async () => {
    const { user } = await fullAccount("Admin@example.com".toLowerCase());
    await expect(deleteAccount(deps(), { userId: user.id, password: "Pass1!word" })).rejects.toMatchObject({
      status: 403,
      message: deleteAccountMessages.admin,
    });
    expect(await db.prisma.user.count({ where: { id: user.id } })).toBe(1);
  });
});
