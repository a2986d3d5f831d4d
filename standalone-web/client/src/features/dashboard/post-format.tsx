import type { BlogPostView, Platform } from "@postwright/core/contracts";
import { formatInZone } from "@postwright/core/scheduling/zoned-time";
import { Badge } from "../../components/ui/badge";
import { shownZone } from "../../lib/account-zone";

export const platformLabel: Record<Platform, string> = { shopify: "Shopify", wordpress: "WordPress" };

/** A moment's date ("Mar 2, 2026") in a time zone (the account's) when given, else the browser's. */
export function formatDate(iso: string | null | undefined, timeZone?: string | null): string {
  return formatInZone(iso, shownZone(timeZone), { dateStyle: "medium" });
}

/** A moment with its date and time, in a time zone (the account's) when given, else the browser's. */
export function formatDateTime(iso: string | null | undefined, timeZone?: string | null): string {
  return formatInZone(iso, shownZone(timeZone), { dateStyle: "medium", timeStyle: "short" });
}

/** A post's status: published green, draft yellow, anything else (scheduled, failed) red. */
export function StatusBadge({ status }: { status: BlogPostView["status"] }) {
  const variant = status === "published" ? "success" : status === "draft" ? "warning" : "destructive";
  return (
    <Badge variant={variant} className="capitalize">
      {status}
    </Badge>
  );
}

/** The platforms a post is live on, with the address of each live copy when the platform gave one. */
export function livePublications(post: BlogPostView) {
  return post.publications.filter((p) => p.publishedAt !== null || p.status === "published");
}
