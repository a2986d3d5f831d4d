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

const zonedFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment with its date and time, in a time zone (the account's) when given, else the browser's. */
export function formatDateTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  if (!timeZone) return dateTimeFormat.format(date);
  let format = zonedFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short", timeZone });
    } catch {
      format = dateTimeFormat;
    }
    zonedFormats.set(timeZone, format);
  }
  return format.format(date);
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
