// Publishes the chosen items of a refresh in place: the post is read from the site again and must be as it was when
// the refresh was proposed (else 409: propose again, so that nobody's later edit is overwritten); the merged post is
// written to the same WordPress post or Shopify article (same id, same address); the post as it was just before is
// kept in the refresh (what "Restore previous version" writes back), with what the site holds afterwards. The row is
// claimed first (proposed -> publishing), so two clicks publish once.
import type { RefreshView } from "../contracts/refresh.ts";
import { AppError } from "../errors/index.ts";
import { claimRefresh, settledState } from "./claim-refresh.ts";
import { findRefreshSite } from "./find-refresh-site.ts";
import { refreshNotFound } from "./get-refresh.ts";
import { mergeRefresh } from "./merge-refresh.ts";
import { fingerprintOf, openPostOnSite } from "./open-post-on-site.ts";
import type { RefreshDeps } from "./propose-refresh.ts";
import { refreshView, storedItems, storedPost } from "./refresh-view.ts";
import { rescoreSitePost } from "./rescore-site-post.ts";
import { inScope, type EditablePost, type RefreshScope } from "./types.ts";

export async function publishRefresh(
  deps: RefreshDeps,
  input: { userId: number; refreshId: number; itemIds: string[]; site?: RefreshScope },
): Promise<RefreshView> {
  const { prisma } = deps;
  const row = await prisma.postRefresh.findFirst({
    where: { id: input.refreshId, userId: input.userId, ...inScope(input.site) },
  });
  if (!row) throw refreshNotFound();
  const now = deps.now?.() ?? new Date();
  if (settledState(row, now) !== "proposed") {
    throw new AppError(
      "CONFLICT",
      "This refresh was published already. To change the post again, propose a new refresh.",
    );
  }
  const original = storedPost(row);
  const itemIds = [...new Set(input.itemIds)];
  const merged = mergeRefresh(original, storedItems(row), itemIds);
  const site = await findRefreshSite(prisma, { ...row, userId: input.userId }, "publish");
  if (!(await claimRefresh(prisma, { id: row.id, userId: input.userId, claim: "publishing", now }))) {
    throw new AppError("CONFLICT", "This refresh is being published or was published already.");
  }
  const onSite = openPostOnSite(deps, site, row.remoteId);
  let current: EditablePost;
  try {
    current = await onSite.read();
    if (fingerprintOf(current) !== row.fingerprint) {
      throw new AppError(
        "CONFLICT",
        "This post changed on your site after the refresh was proposed, so nothing was published. Propose a new refresh to start from the post as it is now.",
      );
    }
    await onSite.write({ ...current, ...merged });
  } catch (error) {
    await prisma.postRefresh.updateMany({ where: { id: row.id, state: "publishing" }, data: { state: "proposed" } });
    throw error;
  }
  // The site has the update: from here on the previous version is kept whatever else fails.
  const after = await onSite.read().catch((error: unknown) => {
    deps.logger?.warn({ err: error, refreshId: row.id }, "the refreshed post could not be read back");
    return null;
  });
  const published = await prisma.postRefresh.update({
    where: { id: row.id },
    data: {
      state: "published",
      acceptedItems: itemIds,
      previous: current as never,
      publishedFingerprint: after ? fingerprintOf(after) : null,
      publishedAt: now,
    },
  });
  if (after) await rescoreSitePost(prisma, { ...row, post: after, now });
  return refreshView(published);
}
