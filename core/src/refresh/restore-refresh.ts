// "Restore previous version": writes back the post as it was just before the refresh was published (kept in the
// refresh), in place, as one more update (WordPress lists it as a revision too). Refused when nothing was published,
// when it was restored already, or when the post changed on the site since the refresh was published (someone's later
// edit is never overwritten).
import type { RefreshView } from "../contracts/refresh.ts";
import { AppError } from "../errors/index.ts";
import { claimRefresh, settledState } from "./claim-refresh.ts";
import { findRefreshSite } from "./find-refresh-site.ts";
import { refreshNotFound } from "./get-refresh.ts";
import { fingerprintOf, openPostOnSite } from "./open-post-on-site.ts";
import type { RefreshDeps } from "./propose-refresh.ts";
import { refreshView } from "./refresh-view.ts";
import { rescoreSitePost } from "./rescore-site-post.ts";
import { inScope, type EditablePost, type RefreshScope } from "./types.ts";

export async function restoreRefresh(
  deps: RefreshDeps,
  input: { userId: number; refreshId: number; site?: RefreshScope },
): Promise<RefreshView> {
  const { prisma } = deps;
  const row = await prisma.postRefresh.findFirst({
    where: { id: input.refreshId, userId: input.userId, ...inScope(input.site) },
  });
  if (!row) throw refreshNotFound();
  const now = deps.now?.() ?? new Date();
  if (settledState(row, now) !== "published" || !row.previous) {
    throw new AppError(
      "CONFLICT",
      row.state === "restored"
        ? "The previous version was restored already."
        : "This refresh was not published, so there is nothing to restore.",
    );
  }
  const site = await findRefreshSite(prisma, { ...row, userId: input.userId }, "restore");
  if (!(await claimRefresh(prisma, { id: row.id, userId: input.userId, claim: "restoring", now }))) {
    throw new AppError("CONFLICT", "The previous version is being restored already.");
  }
  const onSite = openPostOnSite(deps, site, row.remoteId);
  try {
    const current = await onSite.read();
    if (row.publishedFingerprint && fingerprintOf(current) !== row.publishedFingerprint) {
      throw new AppError(
        "CONFLICT",
        "This post changed on your site after the refresh was published, so the previous version was not restored (it would undo those changes). Edit the post on your site instead.",
      );
    }
    const previous = row.previous as unknown as EditablePost;
    // An SEO field the refresh created (a Shopify tag the article lacked) is taken off again.
    const created = Object.keys(current.seoMeta).filter((key) => !(key in previous.seoMeta));
    await onSite.write(previous, { removeSeoMeta: created });
  } catch (error) {
    await prisma.postRefresh.updateMany({ where: { id: row.id, state: "restoring" }, data: { state: "published" } });
    throw error;
  }
  const restored = await prisma.postRefresh.update({
    where: { id: row.id },
    data: { state: "restored", restoredAt: now },
  });
  const after = await onSite.read().catch(() => null);
  if (after) await rescoreSitePost(prisma, { ...row, post: after, now });
  return refreshView(restored);
}
