// The member's posts (/posts): recent, published and scheduled, each opening on its own page.
import { PenLine } from "lucide-react";
import { Link, useNavigate } from "react-router-dom";
import { AppLayout } from "../components/layout/page-layout";
import { Button } from "../components/ui/button";
import { PostList } from "../features/dashboard/post-list";
import { usePageTitle } from "../hooks/use-page-title";

export function PostsPage() {
  usePageTitle("Posts");
  const navigate = useNavigate();
  return (
    <AppLayout className="max-w-3xl">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-semibold tracking-tight">Posts</h1>
          <p className="mt-1 text-muted-foreground">Open a post to edit, publish or schedule it.</p>
        </div>
        <Button asChild>
          <Link to="/">
            <PenLine aria-hidden="true" />
            Write a post
          </Link>
        </Button>
      </div>
      <PostList selectedId={null} onSelect={(post) => navigate(`/posts/${post.id}`)} />
    </AppLayout>
  );
}
