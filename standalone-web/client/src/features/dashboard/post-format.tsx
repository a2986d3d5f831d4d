import type { BlogPostView, Platform } from "@postwright/core/contracts";
import { Badge } from "../../components/ui/badge";

export const platformLabel: Record<Platform, string> = { shopify: "Shopify", wordpress: "WordPress" };

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateTimeFormat.format(date);
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
