import type { BlogPostView } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { RefreshCw, X } from "lucide-react";
import { Button } from "../../components/ui/button";
import { toast } from "../../hooks/use-toast";
import { callRoute, errorMessage } from "../../lib/api";
import { postFromResponse, refreshPosts, storePost } from "./dashboard-queries";
import { siteIndexKey } from "./site-index-status";

/** The links in the post (the owner's, then pages of their connected site), each removable from the text. */
export function PostLinks({ post }: { post: BlogPostView }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (url: string) => callRoute(contract.removePostLink, { params: { id: post.id }, body: { url } }),
    onSuccess: async (data) => {
      const next = postFromResponse(data);
      if (next) storePost(queryClient, next);
      toast({ title: "Link removed", description: "The words stay in the post; only the link is gone." });
      await refreshPosts(queryClient);
    },
    onError: (error) =>
      toast({
        title: "Could not remove the link",
        description: errorMessage(error, "Please try again."),
        variant: "destructive",
      }),
  });
  const refresh = useMutation({
    mutationFn: () => callRoute(contract.refreshSiteIndex),
    onSuccess: (data) => {
      queryClient.setQueryData(siteIndexKey, data);
      const pages = data.sites.reduce((sum, site) => sum + site.pagesIndexed, 0);
      toast({
        title: data.sites.length === 0 ? "No site connected" : "Reading your site's pages again",
        description:
          data.sites.length === 0
            ? "Connect your Shopify store or WordPress site to link to its pages."
            : `New posts can link to the ${pages.toLocaleString("en-US")} pages indexed so far; the connection card shows the progress.`,
      });
    },
    onError: (error) =>
      toast({
        title: "Refresh failed",
        description: errorMessage(error, "Please try again later."),
        variant: "destructive",
      }),
  });

  return (
    <section aria-label="Links in the post" className="grid gap-2 rounded-lg border border-border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">Links in the post</h4>
        <Button type="button" variant="outline" size="sm" loading={refresh.isPending} onClick={() => refresh.mutate()}>
          <RefreshCw aria-hidden="true" />
          Refresh site pages
        </Button>
      </div>
      {post.links.length === 0 ? (
        <p className="text-sm text-muted-foreground">No links yet.</p>
      ) : (
        <ul className="grid gap-1.5" aria-label="Links used">
          {post.links.map((link) => (
            <li key={link.url} className="flex items-center justify-between gap-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium">{link.description}</span>{" "}
                <span className="break-all text-muted-foreground">{link.url}</span>
              </span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={`Remove the link to ${link.url}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(link.url)}
              >
                <X aria-hidden="true" />
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
