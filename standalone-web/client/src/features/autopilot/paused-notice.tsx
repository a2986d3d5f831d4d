// A plan that cannot run says why, where the owner looks first (and one that runs late, DelayNotice below): the reason the autopilot paused it (posts used up, a
// plan without scheduling), a Resume button, and the way to the subscription when the reason is about it. While the
// account's plan cannot run it (no scheduling), there is no Resume: the upgrade is the way on.
import type { ContentPlanView } from "@postwright/core/contracts";
import { AlertTriangle, Clock, PauseCircle, Play, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/utils";
import { useUpdatePlan } from "./plan-mutations";

interface NoticeProps {
  plan: ContentPlanView;
  headingLevel?: "h2" | "h3";
  className?: string;
}

/** A warning about the plan: an icon, a heading and what it means, then anything to do about it. */
function WarningNotice({
  label,
  icon: Icon,
  heading,
  headingLevel: Heading = "h2",
  message,
  className,
  children,
}: {
  label: string;
  icon: LucideIcon;
  heading: string;
  headingLevel?: "h2" | "h3";
  message: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  const text = (
    <div className="grid gap-1">
      <Heading className="font-semibold text-warning">{heading}</Heading>
      <p className="text-sm text-foreground">{message}</p>
    </div>
  );
  return (
    <section
      aria-label={label}
      className={cn("flex gap-3 rounded-lg border border-warning/40 bg-warning-soft p-4", className)}
    >
      <Icon className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
      {children ? (
        <div className="grid gap-3">
          {text}
          {children}
        </div>
      ) : (
        text
      )}
    </section>
  );
}

export function PausedNotice({ plan, headingLevel = "h2", className }: NoticeProps) {
  const update = useUpdatePlan(plan.id);
  if (plan.status !== "paused") return null;
  const reason = plan.pausedReason;
  const resume = (
    <Button
      size="sm"
      variant={reason ? "default" : "outline"}
      onClick={() => update.mutate({ status: "active" })}
      loading={update.isPending}
      aria-label={`Resume ${plan.name}`}
    >
      {update.isPending ? null : <Play aria-hidden="true" />}
      {update.isPending ? "Resuming..." : "Resume"}
    </Button>
  );

  if (!reason) {
    return (
      <div
        className={cn(
          "flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-muted/60 p-3 text-sm",
          className,
        )}
      >
        <p className="inline-flex items-center gap-2">
          <PauseCircle className="size-4 text-muted-foreground" aria-hidden="true" />
          Paused. Nothing is written or published until you resume it.
        </p>
        {resume}
      </div>
    );
  }

  return (
    <WarningNotice
      label="Why this plan is paused"
      icon={AlertTriangle}
      heading="This plan is paused"
      headingLevel={headingLevel}
      message={reason}
      className={className}
    >
      <div className="flex flex-wrap items-center gap-3">
        {plan.canResume ? (
          resume
        ) : (
          <Button asChild size="sm">
            <Link to="/subscription">Upgrade to run this plan</Link>
          </Button>
        )}
        {plan.needsUpgrade && plan.canResume ? (
          <Button asChild size="sm" variant="outline">
            <Link to="/subscription">See your subscription</Link>
          </Button>
        ) : null}
      </div>
    </WarningNotice>
  );
}

/** While the writer keeps failing (a provider outage), one notice for the plan: how many titles wait, why, and when. */
export function DelayNotice({ plan, headingLevel = "h2", className }: NoticeProps) {
  if (!plan.delayNotice) return null;
  return (
    <WarningNotice
      label="Why titles are delayed"
      icon={Clock}
      heading="Preparation is delayed"
      headingLevel={headingLevel}
      message={plan.delayNotice}
      className={className}
    />
  );
}
