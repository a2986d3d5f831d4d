// A refresh of one of Your posts (/refreshes/:id): the update the writer proposes, item by item (title, SEO title,
// meta description, introduction, each section, conclusion, new sections), each side by side before | after with
// what changed marked, why in words, and a checkbox. The score before and with the ticked items (computed by the
// server) is shown above. "Publish update" writes the ticked items to the same post on the site; then "Restore
// previous version" puts it back. Nothing is changed on the site before "Publish update".
import type { RefreshScore, RefreshScores, RefreshView } from "@postwright/core/contracts";
import * as review from "@postwright/core/contracts/refresh-review";
import { seoRating } from "@postwright/core/contracts/seo-rating";
import { siteApiContract } from "@postwright/core/contracts/site-api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, ExternalLink } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { AppLayout } from "../components/layout/page-layout";
import { QueryErrorCard } from "../components/layout/state-card";
import { Button } from "../components/ui/button";
import { LoadingStatus } from "../components/ui/loading-status";
import { Skeleton } from "../components/ui/skeleton";
import { formatDateTime } from "../features/dashboard/post-format";
import { RefreshItemDiff } from "../features/refresh/refresh-item-diff";
import { usePageTitle } from "../hooks/use-page-title";
import { useAccountZone } from "../lib/account-zone";
import { callRoute, errorMessage, routeQuery, routeQueryKey } from "../lib/api";

export function RefreshPage() {
  usePageTitle("Refresh a post");
  const id = Number(useParams().id);
  const refresh = useQuery(routeQuery(siteApiContract.getRefresh, { params: { id } }));
  return (
    <AppLayout className="max-w-7xl">
      <Link
        to="/your-posts"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Your posts
      </Link>
      <h1 className="mt-2 font-display text-3xl font-semibold tracking-tight">Refresh a post</h1>
      <div className="mt-6">
        {refresh.isError ? (
          <QueryErrorCard
            title="Unable to load this refresh"
            query={refresh}
            fallback="We could not load this refresh. Please try again."
          />
        ) : !refresh.data ? (
          <LoadingStatus label="Loading the refresh..." className="grid gap-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-64" />
          </LoadingStatus>
        ) : (
          <RefreshReview refresh={refresh.data} />
        )}
      </div>
    </AppLayout>
  );
}

function Score({ label, score }: { label: string; score: RefreshScore }) {
  const rating = seoRating(score.score);
  return (
    <div>
      <p className="text-xs uppercase tracking-wide text-muted-foreground">{label}</p>
      <p className="text-2xl font-semibold">
        {score.score} <span className="text-sm font-normal">{rating.label}</span>
      </p>
      <p className="text-xs text-muted-foreground">{review.scoreSummary(score)}</p>
    </div>
  );
}

function RefreshReview({ refresh }: { refresh: RefreshView }) {
  const queryClient = useQueryClient();
  const zone = useAccountZone();
  const proposed = refresh.state === "proposed";
  const [chosen, setChosen] = useState<string[]>(refresh.scores.chosenItemIds);
  const [scores, setScores] = useState<RefreshScores>(refresh.scores);
  // The latest choice: an older answer arriving after a newer choice is not shown.
  const latest = useRef(review.choiceKey(chosen));
  latest.current = review.choiceKey(chosen);

  const preview = useMutation({
    mutationFn: (itemIds: string[]) =>
      callRoute(siteApiContract.previewRefresh, { params: { id: refresh.id }, body: { itemIds } }),
    onSuccess: (answer) => {
      if (review.answersLatestChoice(answer, latest.current)) setScores(answer);
    },
  });
  const { mutate: scoreChoice } = preview;
  const toScore = review.choiceToScore({ state: refresh.state, chosen, scores });
  const toScoreKey = toScore && review.choiceKey(toScore);
  useEffect(() => {
    if (toScoreKey) scoreChoice(toScoreKey.split(","));
  }, [toScoreKey, scoreChoice]);

  const settle = (answer: RefreshView) => {
    queryClient.setQueryData(routeQueryKey(siteApiContract.getRefresh, { params: { id: refresh.id } }), answer);
    setScores(answer.scores);
    setChosen(answer.scores.chosenItemIds);
    void queryClient.invalidateQueries({
      queryKey: routeQueryKey(siteApiContract.listSitePosts, { query: {} }).slice(0, 1),
    });
  };
  const publish = useMutation({
    mutationFn: () =>
      callRoute(siteApiContract.publishRefresh, { params: { id: refresh.id }, body: { itemIds: chosen } }),
    onSuccess: settle,
  });
  const restore = useMutation({
    mutationFn: () => callRoute(siteApiContract.restoreRefresh, { params: { id: refresh.id } }),
    onSuccess: settle,
  });

  const toggle = (id: string, on: boolean) => setChosen((ids) => review.toggleChoice(refresh.items, ids, id, on));

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4 rounded-lg border border-border bg-card p-4">
        <div className="max-w-2xl">
          <a
            href={refresh.url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-start gap-1 font-medium underline-offset-4 hover:underline"
          >
            {refresh.title}
            <ExternalLink className="mt-1 size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">(opens the post on your site)</span>
          </a>
          <p className="mt-1 text-sm text-muted-foreground">
            Keyphrase: {refresh.keyphrase}. Proposed by {review.proposedBy(refresh.generator)}. The post keeps its
            address.
          </p>
        </div>
        <div className="flex items-center gap-4" aria-live="polite" aria-atomic="true" role="status">
          <Score label="Score now" score={scores.before} />
          <ArrowRight className="size-5 text-muted-foreground" aria-hidden="true" />
          <span className="sr-only">then</span>
          <Score label={review.shownScoreLabel(refresh.state)} score={review.shownScore(scores, chosen)} />
        </div>
      </div>

      {refresh.items.length === 0 ? (
        <p className="rounded-lg border border-border p-4">
          This post passes the checks a refresh can fix: there is nothing to change.
        </p>
      ) : (
        <fieldset className="grid gap-4" disabled={!proposed || publish.isPending}>
          <legend className="mb-2 flex flex-wrap items-center gap-3 text-lg font-semibold">
            {refresh.items.length} proposed {refresh.items.length === 1 ? "change" : "changes"}
            {proposed ? (
              <span className="flex gap-2 text-sm font-normal">
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => setChosen(review.everyChange(refresh.items))}
                >
                  Tick all
                </Button>
                <Button type="button" size="sm" variant="ghost" onClick={() => setChosen([])}>
                  Untick all
                </Button>
              </span>
            ) : null}
          </legend>
          {refresh.items.map((item) => (
            <div key={item.id} className="rounded-lg border border-border bg-card p-4">
              <div className="flex items-start gap-3">
                <input
                  id={`item-${item.id}`}
                  type="checkbox"
                  className="mt-1 size-4 accent-primary"
                  checked={chosen.includes(item.id)}
                  onChange={(event) => toggle(item.id, event.target.checked)}
                  aria-describedby={`why-${item.id}`}
                />
                <div className="grid flex-1 gap-2">
                  <label htmlFor={`item-${item.id}`} className="font-medium">
                    {item.label}
                  </label>
                  <ul id={`why-${item.id}`} className="list-disc pl-5 text-sm text-muted-foreground">
                    {item.why.map((why) => (
                      <li key={why}>{why}</li>
                    ))}
                  </ul>
                  <RefreshItemDiff item={item} />
                </div>
              </div>
            </div>
          ))}
        </fieldset>
      )}

      <div className="flex flex-wrap items-center gap-3">
        {proposed ? (
          <Button onClick={() => publish.mutate()} loading={publish.isPending} disabled={chosen.length === 0}>
            {publish.isPending ? "Publishing..." : `Publish update (${review.changesCount(chosen.length)})`}
          </Button>
        ) : null}
        {refresh.canRestore ? (
          <Button variant="outline" onClick={() => restore.mutate()} loading={restore.isPending}>
            {restore.isPending ? "Restoring..." : "Restore previous version"}
          </Button>
        ) : null}
        <p role="status" className="text-sm">
          {proposed
            ? chosen.length === 0
              ? "Tick at least one change to publish."
              : "Nothing changes on your site until you publish."
            : refresh.state === "published"
              ? `Published ${formatDateTime(refresh.publishedAt, zone)} to the same post, at the same address. Your previous version is kept.`
              : `The previous version was restored ${formatDateTime(refresh.restoredAt, zone)}.`}
        </p>
      </div>
      {publish.isError || restore.isError ? (
        <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive-soft p-3 text-sm">
          <p>{errorMessage(publish.error ?? restore.error, "That did not work. Please try again.")}</p>
          <Link to="/your-posts" className="mt-1 inline-block font-medium underline">
            Back to Your posts
          </Link>
        </div>
      ) : null}
    </div>
  );
}
