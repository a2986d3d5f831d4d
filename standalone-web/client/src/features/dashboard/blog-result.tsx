import {
  isWrittenWithoutModel,
  offlineDraftNotice,
  type BlogPostView,
  type SeoCheckResult,
} from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2, Info, Pencil, XCircle } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { useAuth } from "../../hooks/use-auth";
import { toast } from "../../hooks/use-toast";
import { callRoute } from "../../lib/api";
import { cn } from "../../lib/utils";
import { ContentEditor } from "./content-editor";
import { postFromResponse, refreshPosts, storePost } from "./dashboard-queries";
import { postContentClass } from "./post-content-class";
import { formatDate, StatusBadge } from "./post-format";
import { PostLinks } from "./post-links";
import { ProductFacts } from "./product-facts";
import { ProductCardsOption } from "./product-cards-option";
import { SeoFieldsPanel } from "./seo-fields-panel";
import { seoRating, seoToneSurface, seoToneText } from "./seo-rating";
import { toastFailure } from "../../lib/failure-toast";

const checkIcon = {
  pass: <CheckCircle2 className="size-4 text-success" aria-hidden="true" />,
  warn: <AlertTriangle className="size-4 text-warning" aria-hidden="true" />,
  fail: <XCircle className="size-4 text-destructive" aria-hidden="true" />,
};
const checkWord = { pass: "Passed", warn: "Could be better", fail: "Failed" };

function SeoChecks({ checks }: { checks: SeoCheckResult[] }) {
  if (checks.length === 0) return null;
  const count = (status: SeoCheckResult["status"]) => checks.filter((c) => c.status === status).length;
  return (
    <details className="group rounded-lg border border-border bg-card">
      <summary className="flex cursor-pointer list-none flex-wrap items-center justify-between gap-2 rounded-lg px-4 py-3 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        <span>SEO checks behind the score</span>
        <span className="text-xs text-muted-foreground">
          {count("pass")} passed · {count("warn")} to improve · {count("fail")} failed
          <span aria-hidden="true" className="ml-2 inline-block transition-transform group-open:rotate-180">
            ▾
          </span>
        </span>
      </summary>
      <ul className="grid gap-2 border-t border-border px-4 py-3" aria-label="SEO checks">
        {checks.map((check) => (
          <li key={check.id} className="flex gap-2 text-sm">
            <span className="mt-0.5 shrink-0">{checkIcon[check.status]}</span>
            <span>
              <span className="font-medium">{check.label}</span>
              <span className="sr-only"> ({checkWord[check.status]})</span>
              <span className="text-muted-foreground">: {check.message}</span>
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

function SeoScore({ score }: { score: number }) {
  const rating = seoRating(score);
  return (
    <div className={cn("rounded-lg border p-3", seoToneSurface[rating.tone])} data-tone={rating.tone}>
      <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">SEO Score</p>
      <p className={cn("text-2xl font-semibold tabular-nums", seoToneText[rating.tone])}>
        {score}
        <span className="text-sm font-medium">/100</span>
      </p>
      <p className={cn("text-sm font-semibold", seoToneText[rating.tone])}>{rating.label}</p>
    </div>
  );
}

/**
 * How close the post, as it stands, is to the site's voice (Account, "Brand voice"): a measured distance of its common
 * words, sentence lengths, person and spelling, shown beside the SEO score. Nothing without a voice.
 */
function VoiceMatchFigure({ match }: { match: NonNullable<BlogPostView["voiceMatch"]> }) {
  const close =
    match.match >= 80
      ? "Reads like your site"
      : match.match >= 60
        ? "Close to your site's voice"
        : "Far from your site's voice";
  return (
    <div className="rounded-lg border border-border bg-card p-3">
      <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Brand voice match</p>
      <p className="text-2xl font-semibold tabular-nums">
        {match.match}
        <span className="text-sm font-medium">/100</span>
      </p>
      <p className="text-sm font-semibold">{close}</p>
      <p className="mt-1 text-xs text-muted-foreground">
        Measured against your site's voice: common words, sentence length, person and spelling.
      </p>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-border bg-card p-3">
      <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</p>
      <p className="text-2xl font-semibold tabular-nums">{value}</p>
    </div>
  );
}

/** A generated post: meta description, figures, score and its checks, keywords, content, and the editor. */
export function BlogResult({ post }: { post: BlogPostView }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(post.htmlContent);

  const save = useMutation({
    mutationFn: (htmlContent: string) =>
      callRoute(contract.updatePost, { params: { id: post.id }, body: { htmlContent } }),
    onSuccess: async (data, htmlContent) => {
      const saved = postFromResponse(data) ?? { ...post, htmlContent };
      storePost(queryClient, saved);
      setDraft(saved.htmlContent);
      setEditing(false);
      toast({ title: "Content updated", description: "Blog post content has been saved successfully." });
      await refreshPosts(queryClient);
    },
    onError: toastFailure("Save failed", "Failed to save content. Please try again."),
  });

  function startEditing() {
    setDraft(post.htmlContent);
    setEditing(true);
  }

  function cancelEditing() {
    setDraft(post.htmlContent);
    setEditing(false);
  }

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <StatusBadge status={post.status} />
        <span>Created {formatDate(post.createdAt, user?.timeZone)}</span>
      </div>

      {isWrittenWithoutModel(post) ? (
        <div className="flex gap-3 rounded-lg border border-warning/30 bg-warning-soft p-4 text-sm" role="note">
          <Info className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          <div>
            <p className="font-semibold text-warning">{offlineDraftNotice.title}</p>
            <p className="text-foreground/80">{offlineDraftNotice.text}</p>
          </div>
        </div>
      ) : null}

      <section aria-labelledby={`meta-${post.id}`} className="rounded-lg border border-border bg-muted/40 p-4">
        <h4 id={`meta-${post.id}`} className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          SEO Meta Description
        </h4>
        <p className="mt-1 text-sm">{post.metaDescription || "No meta description."}</p>
      </section>

      <div
        className={cn("grid grid-cols-1 gap-3", post.voiceMatch ? "sm:grid-cols-2 lg:grid-cols-4" : "sm:grid-cols-3")}
      >
        <Figure label="Word Count" value={post.wordCount.toLocaleString()} />
        <Figure label="Reading Time" value={`~${post.readingTime} ${post.readingTime === 1 ? "minute" : "minutes"}`} />
        <SeoScore score={post.seoScore} />
        {post.voiceMatch ? <VoiceMatchFigure match={post.voiceMatch} /> : null}
      </div>

      {post.keywords.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium">Target Keywords:</span>
          <ul className="flex flex-wrap gap-1.5" aria-label="Target keywords">
            {post.keywords.map((keyword) => (
              <li key={keyword}>
                <Badge variant="secondary">{keyword}</Badge>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <SeoChecks checks={post.seoChecks} />

      <section aria-labelledby={`content-${post.id}`} className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h4 id={`content-${post.id}`} className="text-sm font-semibold">
            Blog Content
          </h4>
          {editing ? null : (
            <Button type="button" variant="outline" size="sm" onClick={startEditing}>
              <Pencil aria-hidden="true" />
              Edit Content
            </Button>
          )}
        </div>
        {editing ? (
          <div className="grid gap-3">
            <ContentEditor value={draft} onChange={setDraft} label={`Content of ${post.title}`} />
            {/* Kept in view at the bottom of the window while a long post is edited. */}
            <div className="sticky bottom-0 z-10 -mx-2 flex flex-wrap justify-end gap-2 rounded-b-lg border-t border-border bg-card/95 px-2 py-3 backdrop-blur supports-[backdrop-filter]:bg-card/80">
              <Button type="button" variant="outline" onClick={cancelEditing} disabled={save.isPending}>
                Cancel
              </Button>
              <Button type="button" onClick={() => save.mutate(draft)} loading={save.isPending}>
                {save.isPending ? "Saving..." : "Save Changes"}
              </Button>
            </div>
          </div>
        ) : (
          <article
            className={cn(postContentClass, "rounded-lg border border-border bg-card p-5 sm:p-8")}
            // The server stores only sanitised HTML (an allowlist of tags and attributes), for generated and edited
            // posts alike.
            dangerouslySetInnerHTML={{ __html: post.htmlContent }}
          />
        )}
      </section>

      {/* After the post, as the search appearance sits below the text in WordPress's editor with Yoast SEO. Keyed by
          the saved values, so a save elsewhere (the content) refreshes the fields' checks. */}
      <SeoFieldsPanel key={`${post.id}-${post.updatedAt}`} post={post} />

      <PostLinks post={post} />

      <ProductCardsOption post={post} />

      <ProductFacts post={post} />
    </div>
  );
}
