import { describeSiteIndexStatus, type SiteIndexStatus } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertCircle, Loader2, RefreshCw } from "lucide-react";
import { Button } from "../../components/ui/button";
import { toast } from "../../hooks/use-toast";
import { callRoute, errorMessage, routeQuery, routeQueryKey } from "../../lib/api";

export const siteIndexKey = routeQueryKey(contract.getSiteIndex);

/** Each connected site's index, asked again every few seconds while one is waiting or being read. */
export function useSiteIndex(connectionId?: number) {
  return useQuery({
    ...routeQuery(contract.getSiteIndex),
    refetchInterval: (query) => {
      const sites = query.state.data?.sites ?? [];
      const waiting = sites.some((site) => site.state === "queued" || site.state === "reading");
      const unknown = connectionId !== undefined && !sites.some((site) => site.connectionId === connectionId);
      return waiting || unknown ? 2000 : false;
    },
  });
}

/** The index's state in a sentence for the owner, per platform, in the core's words shared by every surface. */
export function describeSiteIndex(site: SiteIndexStatus): string {
  return describeSiteIndexStatus(site).headline;
}

/** A connection card's line about the pages new posts can link to, with a retry when it failed or to read again. */
export function SiteIndexStatusLine({
  platform,
  connectionId,
}: {
  platform: SiteIndexStatus["platform"];
  connectionId: number;
}) {
  const queryClient = useQueryClient();
  const { data } = useSiteIndex(connectionId);
  const site = data?.sites.find((s) => s.platform === platform && s.connectionId === connectionId);
  const refresh = useMutation({
    mutationFn: () => callRoute(contract.refreshSiteIndex),
    onSuccess: (answer) => queryClient.setQueryData(siteIndexKey, answer),
    onError: (error) =>
      toast({
        title: "Could not read the pages again",
        description: errorMessage(error, "Please try again later."),
        variant: "destructive",
      }),
  });
  if (!site) return null;
  const busy = site.state === "queued" || site.state === "reading";
  return (
    <div className="grid gap-1.5 text-sm" role="status" aria-label="Pages posts can link to">
      <p
        className={`flex items-center gap-1.5 ${site.state === "failed" ? "text-destructive" : "text-muted-foreground"}`}
      >
        {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
        {site.state === "failed" ? <AlertCircle className="size-4" aria-hidden="true" /> : null}
        {describeSiteIndex(site)}
      </p>
      {site.state === "failed" && site.error ? <p className="text-muted-foreground">{site.error}</p> : null}
      {site.canRetry ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          loading={refresh.isPending}
          onClick={() => refresh.mutate()}
        >
          <RefreshCw aria-hidden="true" />
          {site.state === "failed" ? "Retry" : "Read pages again"}
        </Button>
      ) : null}
    </div>
  );
}
