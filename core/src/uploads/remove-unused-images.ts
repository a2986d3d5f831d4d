// Removes uploaded images that no post uses once their grace period has passed (an image is uploaded before the post
// that shows it is generated, so a fresh one is always kept), and files an upload cut off by a crash left in the
// incoming folder. Run by every instance's hourly background work; two instances running it at once remove each file
// at most once (a missing file is not an error).
import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Prisma } from "../db/client.ts";
import { INCOMING_FILE_MAX_AGE_MS, UNUSED_IMAGE_GRACE_MS } from "./upload-limits.ts";

export interface RemoveUnusedImagesResult {
  /** Images removed (their files and rows). */
  removed: number;
  /** Leftover incoming files removed. */
  incoming: number;
}

const BATCH = 500;

export async function removeUnusedImages(
  { prisma, uploadDir }: { prisma: Prisma; uploadDir: string },
  now = new Date(),
): Promise<RemoveUnusedImagesResult> {
  const cutoff = new Date(now.getTime() - UNUSED_IMAGE_GRACE_MS);
  let removed = 0;
  for (;;) {
    // A post uses an image when its content or its image list names the file (as /uploads/<name>, or the same
    // path under the site's address). Any post counts, whoever's, so nothing that is shown anywhere is removed.
    const unused = await prisma.$queryRaw<{ id: number; filename: string }[]>`
      SELECT u.id, u.filename FROM uploaded_images u
      WHERE u."createdAt" < ${cutoff}
        AND NOT EXISTS (
          SELECT 1 FROM custom_blog_posts p
          WHERE strpos(p."htmlContent", '/uploads/' || u.filename) > 0
             OR strpos(COALESCE(p.images::text, ''), '/uploads/' || u.filename) > 0)
      ORDER BY u.id
      LIMIT ${BATCH}`;
    if (unused.length === 0) break;
    for (const image of unused) await rm(join(uploadDir, image.filename), { force: true });
    const { count } = await prisma.uploadedImage.deleteMany({ where: { id: { in: unused.map((row) => row.id) } } });
    removed += count;
    if (unused.length < BATCH) break;
  }

  let incoming = 0;
  const incomingPath = join(uploadDir, ".incoming");
  const names = await readdir(incomingPath).catch(() => [] as string[]);
  for (const name of names) {
    const path = join(incomingPath, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile() || now.getTime() - info.mtimeMs < INCOMING_FILE_MAX_AGE_MS) continue;
    await rm(path, { force: true });
    incoming += 1;
  }
  return { removed, incoming };
}
