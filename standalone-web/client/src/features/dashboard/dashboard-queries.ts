// The dashboard's server data. Keys are the API paths (the default query function GETs them); nothing refetches by
// itself, so every mutation refreshes the keys it changes through the helpers below.
import type {
  BlogPostView,
  ShopifyConnectionView,
  WordpressConnectionView,
} from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useQuery, type QueryClient, type QueryFunction } from "@tanstack/react-query";
import { ApiError, getQueryFn, routeQuery, routeQueryKey } from "../../lib/api";

export const blogPostsKey = routeQueryKey(contract.listPosts);
export const scheduledPostsKey = routeQueryKey(contract.listScheduledPosts);
export const shopifyConnectionKey = routeQueryKey(contract.getShopifyConnection);
export const wordpressConnectionKey = routeQueryKey(contract.getWordpressConnection);
export const subscriptionDetailsKey = routeQueryKey(contract.getSubscriptionDetails);

/** A connection is "connection or nothing": an empty answer or a 404 both mean not connected. */
function optionalQueryFn<T>(): QueryFunction<T | null> {
  const load = getQueryFn<T>({ on401: "throw" });
  return async (context) => {
    try {
      return (await load(context)) ?? null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  };
}

export function usePosts() {
  return useQuery(routeQuery(contract.listPosts));
}

export function useScheduledPosts() {
  return useQuery(routeQuery(contract.listScheduledPosts));
}

export function useShopifyConnection() {
  return useQuery<ShopifyConnectionView | null>({
    queryKey: shopifyConnectionKey,
    queryFn: optionalQueryFn<ShopifyConnectionView>(),
  });
}

export function useWordpressConnection() {
  return useQuery<WordpressConnectionView | null>({
    queryKey: wordpressConnectionKey,
    queryFn: optionalQueryFn<WordpressConnectionView>(),
  });
}

export function useSubscriptionDetails() {
  return useQuery(routeQuery(contract.getSubscriptionDetails));
}

/** Puts a post the server just returned into the cached lists at once (newest first), before they reload. */
export function storePost(queryClient: QueryClient, post: BlogPostView): void {
  queryClient.setQueryData<BlogPostView[]>(blogPostsKey, (posts) => {
    if (!posts) return [post];
    return posts.some((p) => p.id === post.id) ? posts.map((p) => (p.id === post.id ? post : p)) : [post, ...posts];
  });
  queryClient.setQueryData<BlogPostView[]>(scheduledPostsKey, (posts) => {
    if (!posts) return posts;
    const others = posts.filter((p) => p.id !== post.id);
    return post.isScheduled ? [...others, post] : others;
  });
}

/** Reloads the post lists (and the usage figures, which generation and publishing change). */
export async function refreshPosts(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: blogPostsKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: scheduledPostsKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: subscriptionDetailsKey, exact: true }),
  ]);
}

/** Publish, schedule and cancel answer { blogPost }; an edit answers the post itself. Either way: the post. */
export function postFromResponse(data: unknown): BlogPostView | null {
  if (!data || typeof data !== "object") return null;
  const candidate = "blogPost" in data ? (data as { blogPost: unknown }).blogPost : data;
  if (candidate && typeof candidate === "object" && "id" in candidate && "htmlContent" in candidate) {
    return candidate as BlogPostView;
  }
  return null;
}
