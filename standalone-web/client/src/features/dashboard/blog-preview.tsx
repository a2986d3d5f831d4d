import type { BlogPostView, Platform } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertCircle, CalendarClock, CheckCircle2, ExternalLink, Send, X } from "lucide-react";
import { forwardRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { CardContent, CardHeader } from "../../components/ui/card";
import { useAuth } from "../../hooks/use-auth";
import { toast } from "../../hooks/use-toast";
import { ApiError, callRoute, errorMessage } from "../../lib/api";
import { BlogResult } from "./blog-result";
import { postFromResponse, refreshPosts, storePost } from "./dashboard-queries";
import type { PlatformChoice } from "./platform-chooser";
import { formatDateTime, livePublications, platformLabel } from "./post-format";
import { ScheduleDialog } from "./schedule-dialog";
import { toastFailure } from "../../lib/failure-toast";

export interface BlogPreviewProps {
  post: BlogPostView;
  /** Where Publish sends the post (the publishing platform chooser). */
  platform: PlatformChoice;
  connected: Record<Platform, boolean>;
  onClose: () => void;
}

function publishFailure(platform: Platform, error: unknown): string {
  const label = platformLabel[platform];
  const reason = errorMessage(error, "");
  // A publication already running elsewhere is not a connection problem.
  if (error instanceof ApiError && error.status === 409 && reason) return reason;
  return reason
    ? `${reason} Please check your connection.`
    : `Failed to publish to ${label}. Please check your connection.`;
}

/** The selected post with its publishing actions: Publish/Republish, Schedule/Reschedule, Cancel Schedule. */
export const BlogPreview = forwardRef<HTMLElement, BlogPreviewProps>(({ post, platform, connected, onClose }, ref) => {
  const queryClient = useQueryClient();
  const [scheduling, setScheduling] = useState(false);
  const { user } = useAuth();
  const live = livePublications(post);
  const liveOnChosen = platform ? live.some((p) => p.platform === platform) : false;
  const isPublished = post.status === "published" || live.length > 0;

  const publish = useMutation({
    mutationFn: (target: Platform) =>
      callRoute(target === "shopify" ? contract.publishToShopify : contract.publishToWordpress, {
        params: { id: post.id },
      }),
    onSuccess: async (data, target) => {
      const updated = postFromResponse(data);
      if (updated) storePost(queryClient, updated);
      toast({
        title: `Published to ${platformLabel[target]}!`,
        description: `"${post.title}" is live on ${platformLabel[target]}.`,
      });
      await refreshPosts(queryClient);
    },
    onError: async (error, target) => {
      toast({
        title: `${platformLabel[target]} publishing failed`,
        description: publishFailure(target, error),
        variant: "destructive",
      });
      // The failure is recorded on the post (status and reason): show it.
      await refreshPosts(queryClient);
    },
  });

  const cancelSchedule = useMutation({
    mutationFn: () => callRoute(contract.cancelSchedule, { params: { id: post.id } }),
    onSuccess: async (data) => {
      const updated = postFromResponse(data);
      if (updated) storePost(queryClient, updated);
      toast({ title: "Schedule cancelled", description: "The post will not be published automatically." });
      await refreshPosts(queryClient);
    },
    onError: toastFailure("Cancellation failed", "Failed to cancel the schedule. Please try again."),
  });

  const canPublish = platform !== null && connected[platform];
  const publishHint =
    platform === null
      ? "Choose a publishing platform to publish this post."
      : !connected[platform]
        ? `Connect ${platformLabel[platform]} to publish this post.`
        : null;

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="blog-preview-title"
      className="scroll-mt-24 rounded-xl border border-border bg-card text-card-foreground shadow-sm outline-none"
    >
      <CardHeader className="gap-4 border-b border-border">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="blog-preview-title" className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
              Blog Preview
            </h2>
            <h3 className="mt-1 font-display text-2xl font-semibold leading-tight break-words">{post.title}</h3>
          </div>
          <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close preview">
            <X aria-hidden="true" />
          </Button>
        </div>

        {isPublished ? (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <span className="inline-flex items-center gap-1.5 font-semibold text-success">
              <CheckCircle2 className="size-4" aria-hidden="true" />
              Published
            </span>
            {live.map((p) =>
              // Only a web address is a link: a site reporting a javascript: or other scheme gets none.
              p.remoteUrl && /^https?:\/\//i.test(p.remoteUrl) ? (
                <a
                  key={p.platform}
                  href={p.remoteUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
                >
                  View on {platformLabel[p.platform]}
                  <ExternalLink className="size-3.5" aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              ) : (
                <span key={p.platform} className="text-muted-foreground">
                  on {platformLabel[p.platform]}
                </span>
              ),
            )}
          </div>
        ) : null}

        {post.isScheduled && post.scheduledPublishDate ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-muted/50 px-4 py-3 text-sm">
            <span className="inline-flex items-center gap-2">
              <CalendarClock className="size-4 text-primary" aria-hidden="true" />
              <span>
                Scheduled for <strong>{formatDateTime(post.scheduledPublishDate, user?.timeZone)}</strong>
                {post.scheduledPlatforms.length > 0
                  ? ` on ${post.scheduledPlatforms.map((p) => platformLabel[p]).join(" and ")}`
                  : null}
              </span>
            </span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => cancelSchedule.mutate()}
              loading={cancelSchedule.isPending}
            >
              {cancelSchedule.isPending ? "Cancelling..." : "Cancel Schedule"}
            </Button>
          </div>
        ) : null}

        {(post.status === "failed" || post.status === "held") && post.lastError ? (
          <div
            role="alert"
            className="flex gap-2 rounded-lg border border-destructive/30 bg-destructive-soft p-3 text-sm"
          >
            <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
            <p>
              <span className="font-semibold text-destructive">Publishing failed. </span>
              {post.lastError}
            </p>
          </div>
        ) : null}

        <div className="grid gap-2">
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => platform && publish.mutate(platform)}
              disabled={!canPublish}
              loading={publish.isPending}
            >
              {publish.isPending ? null : <Send aria-hidden="true" />}
              {publish.isPending
                ? "Publishing..."
                : `${liveOnChosen ? "Republish" : "Publish"}${platform ? ` to ${platformLabel[platform]}` : ""}`}
            </Button>
            <Button variant="outline" onClick={() => setScheduling(true)}>
              <CalendarClock aria-hidden="true" />
              {post.isScheduled ? "Reschedule" : "Schedule"}
            </Button>
          </div>
          {publishHint ? <p className="text-sm text-muted-foreground">{publishHint}</p> : null}
        </div>
      </CardHeader>
      <CardContent className="pt-6">
        <BlogResult key={post.id} post={post} />
      </CardContent>
      <ScheduleDialog
        open={scheduling}
        onOpenChange={setScheduling}
        post={post}
        connected={connected}
        defaultPlatforms={platform ? [platform] : []}
      />
    </section>
  );
});
BlogPreview.displayName = "BlogPreview";
