import type { SubscriptionDetails } from "@postwright/core/contracts";
import { CreditCard, RotateCcw } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { useAccountZone } from "../../lib/account-zone";
import { CancelSubscriptionDialog } from "./cancel-subscription-dialog";
import { formatDate, planLabel, statusLabel, statusTone } from "./plan-labels";
import { useBillingPortal, useReactivateSubscription } from "./use-subscription";

/**
 * Which actions apply (specification section 4): Manage Billing whenever the plan is not free; Cancel only while
 * active on a paid plan; Reactivate only when cancelled, and only before the paid period has run out.
 */
export function subscriptionActions(details: SubscriptionDetails) {
  const paidPlan = details.subscriptionPlan !== "free";
  const ended = paidPlan && details.tierInfo.plan === "free";
  return {
    ended,
    canManageBilling: paidPlan,
    canCancel: paidPlan && details.subscriptionStatus === "active",
    canReactivate: paidPlan && details.subscriptionStatus === "cancelled" && !ended,
  };
}

function statusSentence(details: SubscriptionDetails, ended: boolean, zone: string): string {
  const plan = planLabel(details.subscriptionPlan);
  const end = formatDate(details.subscriptionEndDate, zone);
  if (ended) {
    return end
      ? `Your ${plan} subscription ended on ${end}. You are on the Free plan now.`
      : `Your ${plan} subscription has ended. You are on the Free plan now.`;
  }
  switch (details.subscriptionStatus) {
    case "active":
      if (details.subscriptionPlan === "free") return "You are on the Free plan. Upgrade any time for more posts.";
      return end ? `Your plan renews on ${end}.` : "Your plan is active.";
    case "cancelled":
      return end
        ? `Your subscription is cancelled. Your ${plan} plan stays active until ${end}.`
        : "Your subscription is cancelled.";
    case "past_due":
      return "We could not take your last payment. Update your payment method with Manage Billing to keep your plan.";
    default:
      return "You are on the Free plan. Upgrade any time for more posts.";
  }
}

export function CurrentPlanCard({ details }: { details: SubscriptionDetails }) {
  const { ended, canManageBilling, canCancel, canReactivate } = subscriptionActions(details);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const portal = useBillingPortal();
  const reactivate = useReactivateSubscription();
  const zone = useAccountZone();
  const shownPlan = ended ? details.tierInfo.plan : details.subscriptionPlan;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Current Plan</CardTitle>
        <CardDescription>Your plan and its billing status.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-muted-foreground">Plan</dt>
            <dd className="mt-1 font-display text-3xl font-semibold tracking-tight">{planLabel(shownPlan)}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">Status</dt>
            <dd className="mt-2">
              <Badge variant={statusTone(details.subscriptionStatus)}>{statusLabel(details.subscriptionStatus)}</Badge>
            </dd>
          </div>
        </dl>
        <p className="text-sm text-muted-foreground">{statusSentence(details, ended, zone)}</p>
      </CardContent>
      {canManageBilling || canCancel || canReactivate ? (
        <CardFooter className="flex flex-wrap gap-2">
          {canManageBilling ? (
            <Button variant="outline" loading={portal.isPending} onClick={() => portal.mutate()}>
              {portal.isPending ? null : <CreditCard aria-hidden="true" />}
              Manage Billing
            </Button>
          ) : null}
          {canReactivate ? (
            <Button loading={reactivate.isPending} onClick={() => reactivate.mutate()}>
              {reactivate.isPending ? null : <RotateCcw aria-hidden="true" />}
              Reactivate Subscription
            </Button>
          ) : null}
          {canCancel ? (
            <Button
              variant="ghost"
              className="text-destructive hover:bg-destructive-soft"
              onClick={() => setConfirmCancel(true)}
            >
              Cancel Subscription
            </Button>
          ) : null}
        </CardFooter>
      ) : null}
      <CancelSubscriptionDialog details={details} open={confirmCancel} onOpenChange={setConfirmCancel} />
    </Card>
  );
}
