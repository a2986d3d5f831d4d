// The body of the draft dialog: the post from the member's posts (the dashboard's list, so an edit here shows there
// too), in the dashboard's own result view.
import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button";
import { BlogResult } from "../dashboard/blog-result";
import { usePosts } from "../dashboard/dashboard-queries";
import { DraftLoading } from "./draft-loading";

export default function DraftView({ postId }: { postId: number }) {
  const posts = usePosts();
  const post = posts.data?.find((p) => p.id === postId);

  // The list is loaded once per visit: a draft written since then is not in it yet, so it is reloaded once.
  const [reloaded, setReloaded] = useState(false);
  const { data, isFetching, refetch } = posts;
  useEffect(() => {
    if (!data || post || reloaded || isFetching) return;
    setReloaded(true);
    void refetch();
  }, [data, post, reloaded, isFetching, refetch]);

  if (post) return <BlogResult key={post.id} post={post} />;
  if (posts.isError) {
    return (
      <div className="grid justify-items-start gap-2 text-sm" role="alert">
        <p className="text-destructive">The draft could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => void posts.refetch()} loading={posts.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  if (posts.isLoading || isFetching || !reloaded) return <DraftLoading />;
  return <p className="text-sm text-muted-foreground">This post is no longer in your posts.</p>;
}
