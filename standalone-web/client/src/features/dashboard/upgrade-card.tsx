import type { SubscriptionDetails } from "@postwright/core/contracts";
import { AlertTriangle, Sparkles, Zap } from "lucide-react";
import { forwardRef } from "react";
import { Link } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Progress } from "../../components/ui/progress";
import { cn } from "../../lib/utils";

/** At this many posts left, or fewer, the card warns that the month's allowance is running out. */
export const RUNNING_LOW_AT = 2;

const planNames: Record<string, string> = {
  free: "Free",
  starter: "Starter",
  professional: "Professional",
  enterprise: "Enterprise",
};

export type UpgradeState = "hidden" | "upgrade-required" | "running-low" | "offer";

/** Which card to show: none on professional, enterprise or unlimited plans; otherwise by the posts left. */
export function upgradeState(details: SubscriptionDetails | undefined): UpgradeState {
  if (!details) return "hidden";
  const plan = details.tierInfo.plan ?? details.subscriptionPlan;
  if (plan === "professional" || plan === "enterprise" || details.tierInfo.blogPostLimit < 0) return "hidden";
  const remaining = details.tierInfo.usageRemaining;
  if (remaining < 0) return "hidden";
  if (remaining === 0) return "upgrade-required";
  if (remaining <= RUNNING_LOW_AT) return "running-low";
  return "offer";
}

/** The upgrade prompt: a plain offer, a running-low warning, or "Upgrade Required" once nothing is left. */
export const UpgradeCard = forwardRef<HTMLDivElement, { details: SubscriptionDetails | undefined }>(
  ({ details }, ref) => {
    const state = upgradeState(details);
    if (!details || state === "hidden") return null;
    const { blogPostLimit: limit, usageRemaining: remaining } = details.tierInfo;
    const planName = planNames[details.tierInfo.plan] ?? details.tierInfo.plan;
    const used = Math.max(0, limit - remaining);
    const Icon = state === "upgrade-required" ? AlertTriangle : state === "running-low" ? Zap : Sparkles;

    return (
      <Card
        ref={ref}
        tabIndex={-1}
        aria-labelledby="upgrade-card-title"
        className={cn(
          "outline-none focus-visible:ring-2 focus-visible:ring-ring",
          state === "upgrade-required" && "border-destructive/40 bg-destructive-soft",
          state === "running-low" && "border-warning/40 bg-warning-soft",
        )}
      >
        <CardHeader className="pb-3">
          <CardTitle
            id="upgrade-card-title"
            className={cn(
              "flex items-center gap-2",
              state === "upgrade-required" && "text-destructive",
              state === "running-low" && "text-warning",
            )}
          >
            <Icon className="size-5" aria-hidden="true" />
            {state === "upgrade-required"
              ? "Upgrade Required"
              : state === "running-low"
                ? "Running low on blog posts"
                : "Need more blog posts?"}
          </CardTitle>
          <CardDescription className="text-foreground/80">
            {state === "upgrade-required"
              ? `You have used all ${limit} blog posts of your ${planName} plan this month. Upgrade to keep generating posts.`
              : state === "running-low"
                ? `Only ${remaining} blog ${remaining === 1 ? "post" : "posts"} left this month on your ${planName} plan.`
                : `Your ${planName} plan includes ${limit} blog posts a month. Upgrade for more.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <div className="grid gap-1.5">
            <div className="flex justify-between text-xs font-medium text-muted-foreground">
              <span>
                {used} of {limit} used this month
              </span>
              <span>{remaining} left</span>
            </div>
            <Progress
              value={limit > 0 ? (used / limit) * 100 : 100}
              aria-label="Blog posts used this month"
              indicatorClassName={cn(
                state === "upgrade-required" && "bg-destructive",
                state === "running-low" && "bg-warning",
              )}
            />
          </div>
          <Button asChild variant={state === "offer" ? "outline" : "default"} className="justify-self-start">
            <Link to="/pricing">{state === "offer" ? "View Plans" : "Upgrade Plan"}</Link>
          </Button>
        </CardContent>
      </Card>
    );
  },
);
UpgradeCard.displayName = "UpgradeCard";
