// One post on its own page (/posts/:id): the result of a generation, or a post opened from the lists. The post with
// its publishing actions, the publishing platform beside it, and the way back to the dashboard.
import type { BlogPostView } from "@postwright/core/contracts";
import { ArrowLeft } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { AppLayout } from "../components/layout/page-layout";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { Skeleton } from "../components/ui/skeleton";
import { ConnectionIndicators } from "../features/dashboard/connection-indicators";
import { usePosts, useScheduledPosts } from "../features/dashboard/dashboard-queries";
import { useConnectionStatus } from "../features/dashboard/dashboard-screen";
import { PlatformChooser } from "../features/dashboard/platform-chooser";
import { usePlatformChoice } from "../features/dashboard/use-platform-choice";
import { usePageTitle } from "../hooks/use-page-title";

// The result view (editor, SEO fields, schedule dialog) loads with the first post opened.
const BlogPreview = lazy(() =>
  import("../features/dashboard/blog-preview").then((module) => ({ default: module.BlogPreview })),
);

function PreviewLoading() {
  return (
    <div role="status" aria-label="Loading the post" className="grid gap-4 rounded-xl border border-border bg-card p-6">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

export function PostPage() {
  const { id } = useParams();
  const posts = usePosts();
  const scheduled = useScheduledPosts();
  const status = useConnectionStatus();
  const connected = { shopify: status.shopify === true, wordpress: status.wordpress === true };
  const [platform, setPlatform] = usePlatformChoice(connected);
  const navigate = useNavigate();
  const postId = Number(id);
  const post: BlogPostView | undefined =
    posts.data?.find((p) => p.id === postId) ?? scheduled.data?.find((p) => p.id === postId);
  const loading = !post && (posts.isLoading || scheduled.isLoading);
  usePageTitle(post ? post.title : "Post");

  return (
    <AppLayout indicators={<ConnectionIndicators shopify={status.shopify} wordpress={status.wordpress} />}>
      <Button asChild variant="ghost" size="sm" className="-ml-3 mb-4">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          Back to dashboard
        </Link>
      </Button>
      {post ? (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <Suspense fallback={<PreviewLoading />}>
            <BlogPreview post={post} platform={platform} connected={connected} onClose={() => navigate("/")} />
          </Suspense>
          <aside aria-label="Publishing" className="grid gap-6 lg:sticky lg:top-24">
            <PlatformChooser value={platform} onChange={setPlatform} connected={connected} />
          </aside>
        </div>
      ) : loading ? (
        <PreviewLoading />
      ) : (
        <Card role="alert">
          <CardContent className="grid justify-items-center gap-3 p-10 text-center">
            <h1 className="text-lg font-semibold">Post not found</h1>
            <p className="max-w-md text-sm text-muted-foreground">
              {posts.isError || scheduled.isError
                ? "Your posts could not be loaded. Please try again."
                : "This post does not exist, or it was deleted."}
            </p>
            <Button asChild variant="outline">
              <Link to="/posts">See your posts</Link>
            </Button>
          </CardContent>
        </Card>
      )}
    </AppLayout>
  );
}
