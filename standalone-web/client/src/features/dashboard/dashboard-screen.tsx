import type { BlogPostView } from "@postwright/core/contracts";
import { useRef } from "react";
import { useNavigate } from "react-router-dom";
import { usePrefersReducedMotion } from "../../hooks/use-reduced-motion";
import { CreatePostPanel } from "./create-post-panel";
import { useShopifyConnection, useSubscriptionDetails, useWordpressConnection } from "./dashboard-queries";
import { PlatformChooser } from "./platform-chooser";
import { PostList } from "./post-list";
import { ShopifyConnectionCard } from "./shopify-connection-card";
import { UpgradeCard } from "./upgrade-card";
import { usePlatformChoice } from "./use-platform-choice";
import { WordpressConnectionCard } from "./wordpress-connection-card";

/** Whether each platform is connected: undefined while still loading (for the header's indicators). */
export function useConnectionStatus() {
  const shopify = useShopifyConnection();
  const wordpress = useWordpressConnection();
  return {
    shopify: shopify.isLoading ? undefined : Boolean(shopify.data),
    wordpress: wordpress.isLoading ? undefined : Boolean(wordpress.data),
  };
}

/**
 * The signed-in home: create a post on the left; connections, allowance and posts on the right. A finished post, or
 * one opened from the list, opens on its own page (/posts/:id).
 */
export function DashboardScreen() {
  const subscription = useSubscriptionDetails();
  const status = useConnectionStatus();
  const connected = { shopify: status.shopify === true, wordpress: status.wordpress === true };
  const [platform, setPlatform] = usePlatformChoice(connected);
  const navigate = useNavigate();
  const upgradeRef = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const open = (post: BlogPostView) => navigate(`/posts/${post.id}`);

  return (
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
        <PostList selectedId={null} onSelect={open} />
      </aside>
    </div>
  );
}
