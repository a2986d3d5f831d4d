// The plugin's change notices (posts, pages and categories saved, hidden or deleted) applied to its own site's index
// at once, each item as a change of its own (applySiteIndexChange): a notice repeated or older than the change applied
// to its item changes nothing. The notice is the site's word (its credential authenticates it); an address on
// another host than the site's is ignored.
import type { SiteIndexChanges, SiteIndexChangesResponse } from "../../contracts/site-index.ts";
import type { Prisma } from "../../db/index.ts";
import { applySiteIndexChange } from "../apply-site-index-change.ts";

const hostOf = (url: string) => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
};

export async function applyWordpressSiteChanges(
  deps: { prisma: Prisma },
  site: { userId: number; connectionId: number; siteUrl: string },
  input: SiteIndexChanges,
): Promise<SiteIndexChangesResponse> {
  const host = hostOf(site.siteUrl);
  let applied = 0;
  let ignored = 0;
  for (const change of input.changes) {
    const url = change.url && hostOf(change.url) === host ? change.url : null;
    const title = change.title?.trim() ?? "";
    if ((change.url && !url) || (change.status === "linkable" && (!url || !title))) {
      ignored += 1;
      continue;
    }
    const outcome = await deps.prisma.$transaction((tx) =>
      applySiteIndexChange(tx, {
        userId: site.userId,
        platform: "wordpress",
        connectionId: site.connectionId,
        sourceId: `${change.kind}:${change.id}`,
        changedAt: new Date(change.changedAt),
        page: change.status === "linkable" && url ? { url, title, kind: change.kind } : null,
        address: url,
        removed: change.status === "deleted",
      }),
    );
    if (outcome === "applied") applied += 1;
    else ignored += 1;
  }
  return { applied, ignored };
}
