import type { BlogPostView } from "@postwright/core/contracts";
import { CalendarClock, FileText } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useAuth } from "../../hooks/use-auth";
import { cn } from "../../lib/utils";
import { usePosts, useScheduledPosts } from "./dashboard-queries";
import { formatDate, formatDateTime, livePublications, StatusBadge } from "./post-format";

/** Items shown per tab until "View All" is clicked. */
export const POSTS_SHOWN = 3;

export type PostTab = "recent" | "published" | "scheduled";

const emptyText: Record<PostTab, string> = {
  recent: "No blog posts yet. Generate your first post to see it here.",
  published: "No published posts yet. Publish a post to see it here.",
  scheduled: "No scheduled posts. Schedule a post to publish it later.",
};

export interface PostListProps {
  selectedId: number | null;
  onSelect: (post: BlogPostView, tab: PostTab) => void;
}

/** The user's posts in three tabs: recent, published, scheduled. */
export function PostList({ selectedId, onSelect }: PostListProps) {
  const posts = usePosts();
  const scheduled = useScheduledPosts();
  const [tab, setTab] = useState<PostTab>("recent");

  const lists: Record<PostTab, { data: BlogPostView[] | undefined; query: typeof posts }> = {
    recent: { data: posts.data, query: posts },
    // Live somewhere counts, even when a later schedule or a failed republish changed the status.
    published: {
      data: posts.data?.filter((p) => p.status === "published" || livePublications(p).length > 0),
      query: posts,
    },
    scheduled: { data: scheduled.data, query: scheduled },
  };

  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle>Your Blog Posts</CardTitle>
      </CardHeader>
      <CardContent>
        <Tabs value={tab} onValueChange={(value) => setTab(value as PostTab)}>
          <TabsList className="grid h-auto w-full grid-cols-3">
            <TabsTrigger value="recent" className="whitespace-normal px-2 text-xs sm:text-sm">
              Recent Posts
            </TabsTrigger>
            <TabsTrigger value="published" className="whitespace-normal px-2 text-xs sm:text-sm">
              Published Blogs
            </TabsTrigger>
            <TabsTrigger value="scheduled" className="whitespace-normal px-2 text-xs sm:text-sm">
              Scheduled Posts
            </TabsTrigger>
          </TabsList>
          {(Object.keys(lists) as PostTab[]).map((name) => (
            <TabsContent key={name} value={name}>
              <PostTabPanel
                tab={name}
                posts={lists[name].data}
                isLoading={lists[name].query.isLoading}
                isError={lists[name].query.isError}
                onRetry={() => void lists[name].query.refetch()}
                selectedId={selectedId}
                onSelect={(post) => onSelect(post, name)}
              />
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}

function PostTabPanel({
  tab,
  posts,
  isLoading,
  isError,
  onRetry,
  selectedId,
  onSelect,
}: {
  tab: PostTab;
  posts: BlogPostView[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  selectedId: number | null;
  onSelect: (post: BlogPostView) => void;
}) {
  const [showAll, setShowAll] = useState(false);
  // Times in the account's time zone, as the schedule dialog takes them.
  const { user } = useAuth();

  if (isLoading) {
    return (
      <div className="grid gap-2" role="status" aria-label="Loading posts">
        {Array.from({ length: POSTS_SHOWN }, (_, i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <div className="grid justify-items-start gap-2 py-2 text-sm">
        <p className="text-destructive">Your posts could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (!posts || posts.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border px-4 py-8 text-center">
        <FileText className="size-6 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm text-muted-foreground">{emptyText[tab]}</p>
      </div>
    );
  }

  const shown = showAll ? posts : posts.slice(0, POSTS_SHOWN);
  return (
    <div className="grid gap-3">
      <ul className="grid gap-2">
        {shown.map((post) => {
          const selected = post.id === selectedId;
          return (
            <li key={post.id}>
              <button
                type="button"
                onClick={() => onSelect(post)}
                aria-current={selected ? "true" : undefined}
                className={cn(
                  "grid w-full gap-1.5 rounded-lg border p-3 text-left transition-colors",
                  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  selected
                    ? "border-primary bg-secondary"
                    : "border-border bg-card hover:border-primary/40 hover:bg-muted",
                )}
              >
                <span className="line-clamp-2 text-sm font-semibold leading-snug">{post.title}</span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <StatusBadge status={post.status} />
                  {tab === "scheduled" && post.scheduledPublishDate ? (
                    <span className="inline-flex items-center gap-1">
                      <CalendarClock className="size-3.5" aria-hidden="true" />
                      {formatDateTime(post.scheduledPublishDate, user?.timeZone)}
                    </span>
                  ) : (
                    <span>{formatDate(post.createdAt, user?.timeZone)}</span>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {posts.length > POSTS_SHOWN ? (
        <div className="flex items-center justify-between gap-2">
          <span className="text-xs text-muted-foreground">
            Showing {shown.length} of {posts.length}
          </span>
          <Button variant="ghost" size="sm" aria-expanded={showAll} onClick={() => setShowAll((v) => !v)}>
            {showAll ? "Show Less" : "View All"}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
