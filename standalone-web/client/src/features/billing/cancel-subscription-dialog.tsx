import type { SubscriptionDetails } from "@postwright/core/contracts";
import { Button } from "../../components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogHeading } from "../../components/ui/dialog";
import { useAccountZone } from "../../lib/account-zone";
import { formatDate, planLabel } from "./plan-labels";
import { useCancelSubscription } from "./use-subscription";

/** Asks before cancelling: the plan stops renewing and stays usable until the end of the paid period. */
export function CancelSubscriptionDialog({
  details,
  open,
  onOpenChange,
}: {
  details: SubscriptionDetails;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const cancel = useCancelSubscription();
  const zone = useAccountZone();
  const plan = planLabel(details.subscriptionPlan);
  const end = formatDate(details.subscriptionEndDate, zone);
  return (
    <Dialog open={open} onOpenChange={(next) => (cancel.isPending ? undefined : onOpenChange(next))}>
      <DialogContent>
        <DialogHeading
          title="Cancel your subscription?"
          description={
            <>
              Your {plan} plan will not renew. It stays active until {end || "the end of the current billing period"},
              then your account moves to the Free plan. You can reactivate it until then.
            </>
          }
        />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={cancel.isPending}>
              Keep Subscription
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            loading={cancel.isPending}
            onClick={() => cancel.mutate(undefined, { onSettled: () => onOpenChange(false) })}
          >
            {cancel.isPending ? "Cancelling..." : "Confirm Cancellation"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
