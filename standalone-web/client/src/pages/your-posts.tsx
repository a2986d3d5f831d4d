// "Your posts" (/your-posts): every published post of the member's connected site, whoever wrote it, analysed with
// the SEO checks and sorted by opportunity: the posts worth refreshing first. The posts are read and analysed in the
// background once the site is connected; this page waits for them (read again every 5 seconds meanwhile). With Search
// Console connected, each post shows its clicks, impressions and position against the 28 days before, posts losing
// them are marked to refresh, and the queries no page answers are listed as ideas for a content plan.
import type { SitePostsPage } from "@postwright/core/contracts";
import { FileSearch, Link2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { AppLayout } from "../components/layout/page-layout";
import { QueryErrorCard, StateCard } from "../components/layout/state-card";
import { Button } from "../components/ui/button";
import { Pager } from "../components/ui/pager";
import { LoadingStatus } from "../components/ui/loading-status";
import { Skeleton } from "../components/ui/skeleton";
import { formatDateTime } from "../features/dashboard/post-format";
import { SearchConsoleCard } from "../features/search-console/search-console-card";
import { SearchConsoleIdeas } from "../features/search-console/search-console-ideas";
import { useSearchConsoleIdeas, useSearchConsoleStatus } from "../features/search-console/search-console-query";
import { useSitePosts } from "../features/site-posts/site-posts-query";
import { SitePostsTable } from "../features/site-posts/site-posts-table";
import { usePageTitle } from "../hooks/use-page-title";
import { toast } from "../hooks/use-toast";
import { useAccountZone } from "../lib/account-zone";

const number = (value: number) => value.toLocaleString("en-US");

export function YourPostsPage() {
  usePageTitle("Your posts");
  const [page, setPage] = useState(1);
  const posts = useSitePosts(page);
  const data = posts.data;
  // Search Console of the site shown: each of the member's sites has its own connection.
  const platform = data?.site?.platform;
  const searchConsole = useSearchConsoleStatus(platform);
  const connected = searchConsole.data?.connection?.state === "connected";
  const ideas = useSearchConsoleIdeas(platform, connected && Boolean(searchConsole.data?.connection?.readAt));
  useSearchConsoleOutcome();

  return (
    <AppLayout className="max-w-7xl">
      <h1 className="font-display text-3xl font-semibold tracking-tight">Your posts</h1>
      <p className="mt-1 max-w-3xl text-muted-foreground">
        Every published post of your site, scored with the same SEO checks as the posts Postwright writes. The posts
        most worth improving come first: a low score, failed checks, no links from your other posts, and time since the
        last update all raise a post&apos;s opportunity.
      </p>
      <div className="mt-8">
        {posts.isError && !data ? (
          <QueryErrorCard
            title="Unable to load your posts"
            query={posts}
            fallback="We could not load your posts. Please try again."
          />
        ) : !data ? (
          <LoadingStatus label="Loading your posts..." className="grid gap-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-64" />
          </LoadingStatus>
        ) : !data.site ? (
          <NoSite />
        ) : (
          <div className="grid gap-6">
            {searchConsole.data ? (
              <SearchConsoleCard status={searchConsole.data} platform={data.site.platform} />
            ) : null}
            <Posts data={data} loading={posts.isFetching && posts.isPlaceholderData} onPageChange={setPage} />
            {ideas.data ? <SearchConsoleIdeas ideas={ideas.data.ideas} /> : null}
          </div>
        )}
      </div>
    </AppLayout>
  );
}

/** Google's redirect back (?search_console=connected, or ?search_console_error=...) shown once, as a toast. */
function useSearchConsoleOutcome() {
  const [params, setParams] = useSearchParams();
  const done = params.get("search_console");
  const error = params.get("search_console_error");
  useEffect(() => {
    if (!done && !error) return;
    if (error) toast({ title: "Search Console was not connected", description: error, variant: "destructive" });
    else toast({ title: "Search Console connected: your figures are being read" });
    setParams({}, { replace: true });
  }, [done, error, setParams]);
}

function Posts({
  data,
  loading,
  onPageChange,
}: {
  data: SitePostsPage;
  loading: boolean;
  onPageChange: (page: number) => void;
}) {
  const site = data.site!;
  const zone = useAccountZone();
  const busy = site.state === "queued" || site.state === "analysing";
  const last = Math.max(1, Math.ceil(data.total / data.pageSize));
  const from = (data.page - 1) * data.pageSize + 1;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm">
          <span className="font-medium">{site.siteName}</span>{" "}
          <span className="text-muted-foreground">
            ({site.platform === "shopify" ? "Shopify store" : "WordPress site"})
          </span>
        </p>
        <p className="text-sm text-muted-foreground" role="status" aria-live="polite">
          {busy
            ? site.state === "analysing"
              ? `Reading your posts: ${number(site.postsRead)} so far...`
              : "Your posts are analysed shortly..."
            : site.analysedAt
              ? `${number(site.postsAnalysed)} ${site.postsAnalysed === 1 ? "post" : "posts"} analysed ${formatDateTime(site.analysedAt, zone)}`
              : null}
        </p>
      </div>
      {site.state === "failed" ? (
        <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive-soft p-3 text-sm">
          <p className="font-medium">Your posts could not be analysed. We try again by ourselves.</p>
          {site.error ? <p className="mt-1">{site.error}</p> : null}
        </div>
      ) : null}
      {data.posts.length > 0 ? (
        <>
          <SitePostsTable posts={data.posts} caption={`Posts of ${site.siteName}, most worth improving first`} />
          {last > 1 ? (
            <Pager
              label="Pages of posts"
              summary={`Showing ${number(from)}–${number(from + data.posts.length - 1)} of ${number(data.total)} posts`}
              loading={loading}
              atFirst={data.page <= 1}
              atLast={data.page >= last}
              onPrevious={() => onPageChange(data.page - 1)}
              onNext={() => onPageChange(data.page + 1)}
            />
          ) : null}
        </>
      ) : busy ? (
        <div className="grid gap-3">
          <Skeleton className="h-10" />
          <Skeleton className="h-40" />
        </div>
      ) : site.state === "ready" ? (
        <StateCard
          tight
          icon={<FileSearch className="size-10 text-primary" aria-hidden="true" />}
          title="No published posts yet"
        >
          <p className="max-w-md text-sm text-muted-foreground">
            We found no published {site.platform === "shopify" ? "articles in your store" : "posts on your site"}. Once
            you publish some, they show here after the next daily read.
          </p>
        </StateCard>
      ) : null}
    </div>
  );
}

function NoSite() {
  return (
    <StateCard icon={<Link2 className="size-10 text-primary" aria-hidden="true" />} title="Connect your site first">
      <p className="max-w-md text-sm text-muted-foreground">
        Connect your Shopify store or WordPress site on the dashboard. We then read its published posts and show which
        ones are most worth improving.
      </p>
      <Button asChild>
        <Link to="/">Go to the dashboard</Link>
      </Button>
    </StateCard>
  );
}
