// A post's status follows from its publications, so every path that changes a publication (scheduler, publish
// button, schedule, cancel) derives it the same way:
// - failed     when a publication failed and was not rescheduled or cancelled (lastError says why);
// - held       when a publication was kept back for review (the store's facts changed; lastError says how);
// - scheduled  when a publication is waiting for its time (or for a retry);
// - published  when it is live on some platform (a publication was published at least once);
// - draft      otherwise.
// While a publication is in flight and nothing else decides, the current status is kept.
import type { PostStatus } from "../contracts/blog.ts";
import { platformLabels } from "./types.ts";

interface PublicationState {
  platform: string;
  status: string;
  publishedAt: Date | null;
  lastError: string | null;
}

export interface DerivedPostState {
  status: PostStatus;
  isScheduled: boolean;
  lastError: string | null;
}

export function derivePostState(publications: readonly PublicationState[], currentStatus: string): DerivedPostState {
  const failed = publications.filter((p) => p.status === "failed" || p.status === "held");
  const isScheduled = publications.some((p) => p.status === "pending");
  const lastError =
    failed
      .map((p) => {
        const label = platformLabels[p.platform as keyof typeof platformLabels] ?? p.platform;
        return `${label}: ${p.lastError ?? "publishing failed."}`;
      })
      .join(" ") || null;
  let status: PostStatus;
  if (failed.some((p) => p.status === "failed")) status = "failed";
  else if (failed.length) status = "held";
  else if (isScheduled) status = "scheduled";
  else if (publications.some((p) => p.status === "publishing")) status = asPostStatus(currentStatus);
  else if (publications.some((p) => p.publishedAt !== null)) status = "published";
  else status = "draft";
  return { status, isScheduled, lastError };
}

function asPostStatus(status: string): PostStatus {
  return status === "scheduled" || status === "published" || status === "failed" || status === "held"
    ? status
    : "draft";
}
