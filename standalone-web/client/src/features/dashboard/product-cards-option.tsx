import type { BlogPostView } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../hooks/use-toast";
import { callRoute, errorMessage } from "../../lib/api";
import { postFromResponse, refreshPosts, storePost } from "./dashboard-queries";

/**
 * "Show as product cards", for a post that features the store's products: each appears as a card (its picture, name,
 * price, stock and a View product link) after the paragraph that names it, on the post and on the platforms.
 */
export function ProductCardsOption({ post }: { post: BlogPostView }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (showProductCards: boolean) =>
      callRoute(contract.updatePost, { params: { id: post.id }, body: { showProductCards } }),
    onSuccess: async (data, shown) => {
      const next = postFromResponse(data);
      if (next) storePost(queryClient, next);
      await refreshPosts(queryClient);
      toast({ title: shown ? "Product cards added to the post" : "Product cards taken out of the post" });
    },
    onError: (error) =>
      toast({
        title: "Could not change the product cards",
        description: errorMessage(error, "Please try again."),
        variant: "destructive",
      }),
  });
  if (post.productCards.length === 0) return null;
  const names = post.productCards.map((card) => card.title).join(", ");
  return (
    <section aria-label="Product cards" className="grid gap-2 rounded-lg border border-border bg-card p-4 text-sm">
      <label className="flex items-center gap-2 font-medium">
        <input
          type="checkbox"
          checked={post.showProductCards}
          disabled={change.isPending}
          onChange={(event) => change.mutate(event.target.checked)}
        />
        Show as product cards
      </label>
      <p className="text-muted-foreground">
        {names}: each with its picture, name, price and a View product link, after the paragraph that names it. The
        content editor leaves the cards out and keeps them as they are.
      </p>
    </section>
  );
}
