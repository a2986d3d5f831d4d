import type { BlogPostView, FactsPolicy } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2, HelpCircle, RefreshCw } from "lucide-react";
import { Button } from "../../components/ui/button";
import { toast } from "../../hooks/use-toast";
import { useAccountZone } from "../../lib/account-zone";
import { callRoute, errorMessage } from "../../lib/api";
import { postFromResponse, refreshPosts, storePost } from "./dashboard-queries";
import { formatDateTime } from "./post-format";

const statusText = {
  agrees: "Agrees with your store",
  mismatch: "Differs from your store",
  not_checkable: "Cannot be checked",
};

/** Whether the post names the store's products: its report, or a link to a product page (Shopify's or WooCommerce's). */
export function namesStoreProducts(post: BlogPostView): boolean {
  return (
    post.productFacts !== null || post.links.some((link) => /\/products?\/[^/?#]+|[?&]product=[^&#]/.test(link.url))
  );
}

/**
 * The "Product facts" check: each store product the post names and whether what it says (a price, a size or
 * material, in stock or sold out) agrees with the store; checked again on demand before publishing, and the choice of
 * what a scheduled post does when the store changed (hold it for review, or write the current prices in).
 */
export function ProductFacts({ post }: { post: BlogPostView }) {
  const queryClient = useQueryClient();
  const zone = useAccountZone();
  const onSaved = async (data: unknown) => {
    const next = postFromResponse(data);
    if (next) storePost(queryClient, next);
    await refreshPosts(queryClient);
  };
  const check = useMutation({
    mutationFn: () => callRoute(contract.checkProductFacts, { params: { id: post.id } }),
    onSuccess: async (data) => {
      await onSaved(data);
      const report = data.blogPost.productFacts;
      toast({
        title: !report
          ? "No store products named"
          : report.mismatches === 0
            ? "The post agrees with your store"
            : `${report.mismatches} product${report.mismatches === 1 ? "" : "s"} differ from your store`,
      });
    },
    onError: (error) =>
      toast({
        title: "Could not check the store",
        description: errorMessage(error, "Please try again."),
        variant: "destructive",
      }),
  });
  const policy = useMutation({
    mutationFn: (factsPolicy: FactsPolicy) =>
      callRoute(contract.updatePost, { params: { id: post.id }, body: { factsPolicy } }),
    onSuccess: onSaved,
    onError: (error) =>
      toast({
        title: "Could not save the choice",
        description: errorMessage(error, "Please try again."),
        variant: "destructive",
      }),
  });
  if (!namesStoreProducts(post)) return null;
  const report = post.productFacts;

  return (
    <section aria-label="Product facts" className="grid gap-3 rounded-lg border border-border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">Product facts</h4>
        <Button type="button" variant="outline" size="sm" loading={check.isPending} onClick={() => check.mutate()}>
          <RefreshCw aria-hidden="true" />
          Check against your store
        </Button>
      </div>
      {report ? (
        <>
          <p className="text-xs text-muted-foreground">Checked {formatDateTime(report.checkedAt, zone)}</p>
          <ul className="grid gap-2" aria-label="Products named in the post">
            {report.products.map((product) => (
              <li key={product.productId ?? product.title} className="grid gap-1 text-sm">
                <span className="flex items-center gap-2 font-medium">
                  {product.status === "agrees" ? (
                    <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
                  ) : product.status === "mismatch" ? (
                    <AlertTriangle className="size-4 text-destructive" aria-hidden="true" />
                  ) : (
                    <HelpCircle className="size-4 text-muted-foreground" aria-hidden="true" />
                  )}
                  {product.title}: {statusText[product.status]}
                </span>
                <span className="text-muted-foreground">{product.summary}</span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">Not checked yet.</p>
      )}
      <fieldset className="grid gap-1 text-sm">
        <legend className="mb-1 font-medium">If your store changes before this post goes out</legend>
        {(
          [
            ["hold", "Hold it for my review"],
            ["update_prices", "Write the current prices in and publish"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name={`facts-policy-${post.id}`}
              value={value}
              checked={post.factsPolicy === value}
              disabled={policy.isPending}
              onChange={() => policy.mutate(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
