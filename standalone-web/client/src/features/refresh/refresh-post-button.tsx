// "Refresh" on a row of Your posts: asks the server for a proposal (it reads the post from the site and writes the
// update, which takes a few seconds, longer with a model), says so while it works, then opens the proposal.
import { siteApiContract } from "@postwright/core/contracts/site-api";
import { useMutation } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useNavigate } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { callRoute, errorMessage } from "../../lib/api";

export function RefreshPostButton({ sitePostId, title }: { sitePostId: number; title: string }) {
  const navigate = useNavigate();
  const propose = useMutation({
    mutationFn: () => callRoute(siteApiContract.proposeRefresh, { body: { sitePostId } }),
    onSuccess: (refresh) => navigate(`/refreshes/${refresh.id}`),
  });
  return (
    <div className="grid justify-items-end gap-1">
      <Button
        size="sm"
        variant="outline"
        onClick={() => propose.mutate()}
        loading={propose.isPending}
        aria-label={propose.isPending ? `Proposing a refresh of ${title}` : `Refresh ${title}`}
      >
        {propose.isPending ? null : <RefreshCw className="size-4" aria-hidden="true" />}
        {propose.isPending ? "Proposing..." : "Refresh"}
      </Button>
      <span role="status" aria-live="polite" className="max-w-48 text-right text-xs text-muted-foreground">
        {propose.isPending ? "Reading the post from your site and writing the update..." : ""}
      </span>
      {propose.isError ? (
        <span role="alert" className="max-w-48 text-right text-xs text-destructive">
          {errorMessage(propose.error, "The refresh could not be proposed. Please try again.")}
        </span>
      ) : null}
    </div>
  );
}
