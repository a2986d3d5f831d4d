import type { SubscriptionDetails } from "@postwright/core/contracts";
import { AlertTriangle, ArrowRight } from "lucide-react";
import { Link } from "react-router-dom";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Progress } from "../../components/ui/progress";
import { cn } from "../../lib/utils";
import { postCount, usageSummary, type UsageSummary } from "./usage";

/** This month's posts against the plan's allowance, with a warning when few or none are left. */
export function UsageCard({ details }: { details: SubscriptionDetails }) {
  const usage = usageSummary(details);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Usage This Month</CardTitle>
        <CardDescription>Blog posts generated since the first of the month.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {usage.unlimited ? (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-medium">{postCount(usage.used)} generated</p>
            <Badge variant="success">Unlimited</Badge>
          </div>
        ) : (
          <>
            <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <p className="font-medium">
                {usage.used} of {postCount(usage.limit ?? 0)} used
              </p>
              <p className="text-muted-foreground">{usage.remaining} remaining</p>
            </div>
            <Progress
              value={usage.percent}
              aria-label="Blog posts used this month"
              aria-valuetext={`${usage.percent}% used`}
              indicatorClassName={cn(
                usage.warning === "upgrade-required" && "bg-destructive",
                usage.warning === "running-low" && "bg-warning",
              )}
            />
          </>
        )}
        <UsageWarningNote usage={usage} />
      </CardContent>
    </Card>
  );
}

function UsageWarningNote({ usage }: { usage: UsageSummary }) {
  if (usage.warning === "none") return null;
  const exhausted = usage.warning === "upgrade-required";
  return (
    <div
      className={cn(
        "flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between",
        exhausted ? "border-destructive/30 bg-destructive-soft" : "border-warning/30 bg-warning-soft",
      )}
    >
      <div className="flex gap-3">
        <AlertTriangle
          className={cn("mt-0.5 size-5 shrink-0", exhausted ? "text-destructive" : "text-warning")}
          aria-hidden="true"
        />
        <div>
          <p className="font-semibold">{exhausted ? "Upgrade Required" : "Running Low"}</p>
          <p className="text-sm text-muted-foreground">
            {exhausted
              ? `You have used all ${postCount(usage.limit ?? 0)} included in your plan this month. Upgrade to keep generating.`
              : `You have ${postCount(usage.remaining ?? 0)} left this month. Upgrade your plan for more.`}
          </p>
        </div>
      </div>
      <Button asChild size="sm" variant={exhausted ? "default" : "outline"}>
        <Link to="/pricing">
          Upgrade Plan
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}
