import { unlink } from "node:fs/promises";
import { join } from "node:path";
import type { DeleteAccountInput } from "../contracts/account.ts";
import type { Prisma } from "../db/client.ts";
import type { Config } from "../env.ts";
import { AppError } from "../errors/index.ts";
import type { Mailer } from "../mail/create-mailer.ts";
import { accountNoticeEmail } from "../mail/account-notice-email.ts";
import type { BillingProvider } from "../billing/provider.ts";
import { changePasswordMessages } from "./change-password.ts";
import { verifyPassword } from "./verify-password.ts";

export interface DeleteAccountDeps {
  prisma: Prisma;
  mailer: Mailer;
  billing: BillingProvider;
  config: Pick<Config, "appUrl" | "adminEmail" | "uploadDir">;
}

export const deleteAccountMessages = {
  admin:
    "The administrator account cannot be deleted from the site. To retire it, set ADMIN_EMAIL to another account first.",
  deleted: "Your account and everything in it were deleted.",
} as const;

/** Names of uploaded images (/uploads/<random hex>.<ext>) a text mentions. */
function uploadedFileNames(text: string): string[] {
  return [...text.matchAll(/\/uploads\/([0-9a-f]{32}\.[a-z]{3,4})\b/g)].map((m) => m[1]!);
}

/**
 * Deletes the signed-in user's account for good, once the password confirms it is them. A paid subscription is
 * ended with the billing provider first, at once rather than at the period's end (so nothing is charged again and no
 * subscription outlives its account; if the provider refuses, nothing is deleted).
 * Then, in one transaction, the account row goes and with it (by the foreign keys) its posts, publications, usage,
 * connections with their stored credentials, generation jobs, uploaded images' records, pending codes and every login
 * session (each session's deletion reaches every app instance's memory through the table's trigger). The images it
 * uploaded and those its posts used are removed from disk afterwards, except any another account's post also shows.
 * The administrator account is refused.
 */
export async function deleteAccount(
  deps: DeleteAccountDeps,
  input: DeleteAccountInput & { userId: number },
): Promise<{ message: string }> {
  const user = await deps.prisma.user.findUnique({ where: { id: input.userId } });
  if (!user) throw new AppError("UNAUTHORIZED", "Unauthorized");
  if (!(await verifyPassword(user.password, input.password)))
    throw new AppError("BAD_REQUEST", changePasswordMessages.wrongCurrent);
  if (deps.config.adminEmail !== undefined && user.email.toLowerCase() === deps.config.adminEmail) {
    throw new AppError("FORBIDDEN", deleteAccountMessages.admin);
  }

  // Active and past-due subscriptions still charge (a past-due one retries the card); a cancelled one no longer does.
  if (user.stripeSubscriptionId && (user.subscriptionStatus === "active" || user.subscriptionStatus === "past_due")) {
    await deps.billing.cancelNow(user);
  }

  const posts = await deps.prisma.blogPost.findMany({
    where: { userId: user.id },
    select: { htmlContent: true, images: true },
  });
  const uploads = await deps.prisma.uploadedImage.findMany({ where: { userId: user.id }, select: { filename: true } });
  const files = new Set([
    ...uploads.map((upload) => upload.filename),
    ...posts.flatMap((post) => uploadedFileNames(`${post.htmlContent} ${JSON.stringify(post.images ?? null)}`)),
  ]);

  await deps.prisma.$transaction(async (tx) => {
    await tx.emailVerification.deleteMany({ where: { email: user.email } });
    await tx.user.delete({ where: { id: user.id } });
  });

  for (const name of files) {
    const pattern = `%/uploads/${name}%`;
    const others = await deps.prisma.$queryRaw<{ found: number }[]>`
      SELECT 1 AS found FROM custom_blog_posts WHERE "htmlContent" LIKE ${pattern} OR images::text LIKE ${pattern} LIMIT 1`;
    if (others.length > 0) continue;
    await unlink(join(deps.config.uploadDir, name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
  }

  // The account is gone whatever happens to this notice (the mailer logs a failure).
  await deps.mailer
    .send(
      accountNoticeEmail({
        to: user.email,
        firstName: user.firstName,
        change: "account_deleted",
        appUrl: deps.config.appUrl,
      }),
    )
    .catch(() => undefined);
  return { message: deleteAccountMessages.deleted };
}
