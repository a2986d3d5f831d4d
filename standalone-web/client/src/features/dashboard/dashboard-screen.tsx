import type { BlogPostView } from "@postwright/core/contracts";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Skeleton } from "../../components/ui/skeleton";
import { usePrefersReducedMotion } from "../../hooks/use-reduced-motion";
import { CreatePostPanel } from "./create-post-panel";
import {
  usePosts,
  useScheduledPosts,
  useShopifyConnection,
  useSubscriptionDetails,
  useWordpressConnection,
} from "./dashboard-queries";
import { PlatformChooser, type PlatformChoice } from "./platform-chooser";
import { PostList } from "./post-list";
import { ShopifyConnectionCard } from "./shopify-connection-card";
import { UpgradeCard } from "./upgrade-card";
import { WordpressConnectionCard } from "./wordpress-connection-card";

// The preview (result view, publishing actions, schedule dialog) loads when a post is first opened.
const BlogPreview = lazy(() => import("./blog-preview").then((module) => ({ default: module.BlogPreview })));

function PreviewLoading() {
  return (
    <div
      role="status"
      aria-label="Loading the preview"
      className="grid gap-4 rounded-xl border border-border bg-card p-6"
    >
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

/** Whether each platform is connected: undefined while still loading (for the header's indicators). */
export function useConnectionStatus() {
  const shopify = useShopifyConnection();
  const wordpress = useWordpressConnection();
  return {
    shopify: shopify.isLoading ? undefined : Boolean(shopify.data),
    wordpress: wordpress.isLoading ? undefined : Boolean(wordpress.data),
  };
}

/** The signed-in home: create a post on the left; connections, allowance and posts on the right; the preview below. */
export function DashboardScreen() {
  const posts = usePosts();
  const scheduled = useScheduledPosts();
  const subscription = useSubscriptionDetails();
  const status = useConnectionStatus();
  const connected = { shopify: status.shopify === true, wordpress: status.wordpress === true };
  const [platform, setPlatform] = useState<PlatformChoice>("shopify");
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const upgradeRef = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();

  const selected: BlogPostView | null =
    (selectedId !== null &&
      (posts.data?.find((p) => p.id === selectedId) ?? scheduled.data?.find((p) => p.id === selectedId))) ||
    null;

  // Opening a post brings the preview into view and moves focus to it, once it is on the page (it loads on first
  // use); a list reloading in the background moves nothing.
  const previewNode = useRef<HTMLElement | null>(null);
  const revealPending = useRef(false);
  const [opened, setOpened] = useState(0);
  const reveal = useCallback(() => {
    const node = previewNode.current;
    if (!node || !revealPending.current) return;
    revealPending.current = false;
    node.scrollIntoView({ behavior: reducedMotion ? "auto" : "smooth", block: "start" });
    node.focus({ preventScroll: true });
  }, [reducedMotion]);
  const previewRef = useCallback(
    (node: HTMLElement | null) => {
      previewNode.current = node;
      reveal();
    },
    [reveal],
  );
  useEffect(reveal, [opened, reveal]);

  function open(post: BlogPostView) {
    setSelectedId(post.id);
    revealPending.current = true;
    setOpened((n) => n + 1);
  }

  return (
    <div className="grid gap-8">
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <CreatePostPanel
          onGenerated={(result) => open(result.blogPost)}
          onQuotaExceeded={() => {
            upgradeRef.current?.scrollIntoView({ behavior: reducedMotion ? "auto" : "smooth", block: "center" });
            upgradeRef.current?.focus({ preventScroll: true });
          }}
        />
        <aside className="grid gap-6" aria-label="Publishing and posts">
          <PlatformChooser value={platform} onChange={setPlatform} connected={connected} />
          {platform === "shopify" ? <ShopifyConnectionCard /> : null}
          {platform === "wordpress" ? <WordpressConnectionCard /> : null}
          <UpgradeCard ref={upgradeRef} details={subscription.data} />
          <PostList selectedId={selectedId} onSelect={open} />
        </aside>
      </div>
      {selected ? (
        <Suspense fallback={<PreviewLoading />}>
          <BlogPreview
            ref={previewRef}
            post={selected}
            platform={platform}
            connected={connected}
            onClose={() => setSelectedId(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
