// Where a plan can publish: the member's saved Shopify and WordPress connections (the dashboard's own queries).
import type { ContentPlanView } from "@postwright/core/contracts";
import { useShopifyConnection, useWordpressConnection } from "../dashboard/dashboard-queries";

export interface PublishTarget {
  platform: ContentPlanView["platform"];
  connectionId: number;
  /** The Shopify blog posts go to; WordPress sites have none. */
  blogId: string | null;
  /** "Shopify: Trailhead Outfitters". */
  label: string;
}

/** The connections a plan can publish to, once both are loaded; an error on either is reported with a retry. */
export function usePublishTargets() {
  const shopify = useShopifyConnection();
  const wordpress = useWordpressConnection();
  const targets: PublishTarget[] = [];
  if (shopify.data) {
    targets.push({
      platform: "shopify",
      connectionId: shopify.data.id,
      blogId: shopify.data.blogId || null,
      label: `Shopify: ${shopify.data.storeName}`,
    });
  }
  if (wordpress.data) {
    targets.push({
      platform: "wordpress",
      connectionId: wordpress.data.id,
      blogId: null,
      label: `WordPress: ${wordpress.data.siteName}`,
    });
  }
  return {
    targets,
    isLoading: shopify.isLoading || wordpress.isLoading,
    isError: shopify.isError || wordpress.isError,
    isFetching: shopify.isFetching || wordpress.isFetching,
    retry: () => {
      if (shopify.isError) void shopify.refetch();
      if (wordpress.isError) void wordpress.refetch();
    },
  };
}

/** Where a saved plan publishes, in words: the connection's name when it is still there, else the platform. */
export function targetLabel(plan: Pick<ContentPlanView, "platform" | "connectionId">, targets: PublishTarget[]) {
  const target = targets.find((t) => t.platform === plan.platform && t.connectionId === plan.connectionId);
  return target?.label ?? (plan.platform === "shopify" ? "Shopify" : "WordPress");
}
