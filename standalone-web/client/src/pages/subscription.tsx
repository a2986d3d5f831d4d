// "Account & Billing": the member's plan, status, this month's usage and the plan's features, with the actions that
// apply (manage billing, cancel at the period end, reactivate) and links to the plans, to support and to the Account
// page (password, email address, sessions, the data export and deletion).
import { useQueryClient } from "@tanstack/react-query";
import { LayoutGrid, LifeBuoy, UserCog } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router-dom";
import { AppLayout } from "../components/layout/page-layout";
import { QueryErrorCard } from "../components/layout/state-card";
import { Button } from "../components/ui/button";
import { LoadingStatus } from "../components/ui/loading-status";
import { Skeleton } from "../components/ui/skeleton";
import { CurrentPlanCard } from "../features/billing/current-plan-card";
import { PlanFeaturesCard } from "../features/billing/plan-features-card";
import { UsageCard } from "../features/billing/usage-card";
import { useSubscriptionDetails } from "../features/billing/use-subscription";
import { userQueryKey } from "../hooks/use-auth";
import { usePageTitle } from "../hooks/use-page-title";
import { toast } from "../hooks/use-toast";
import { isUnauthorizedError } from "../lib/api";

/** Where the page leads: the plans, the account's settings and support. */
const pageLinks = [
  { to: "/pricing", icon: LayoutGrid, label: "View All Plans", variant: "outline" },
  { to: "/account", icon: UserCog, label: "Account settings", variant: "outline" },
  { to: "/contact", icon: LifeBuoy, label: "Contact Support", variant: "ghost" },
] as const;

export function SubscriptionPage() {
  usePageTitle("Account & Billing");
  const details = useSubscriptionDetails();
  const sessionEnded = details.isError && isUnauthorizedError(details.error);
  useSignInWhenSessionEnds(sessionEnded);

  return (
    <AppLayout className="max-w-5xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-semibold tracking-tight">Account &amp; Billing</h1>
          <p className="mt-1 text-muted-foreground">Your plan, this month&apos;s usage and your billing.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {pageLinks.map(({ to, icon: Icon, label, variant }) => (
            <Button key={to} asChild variant={variant}>
              <Link to={to}>
                <Icon aria-hidden="true" />
                {label}
              </Link>
            </Button>
          ))}
        </div>
      </div>

      <div className="mt-8">
        {details.data ? (
          <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
            <div className="grid content-start gap-6">
              <CurrentPlanCard details={details.data} />
              <UsageCard details={details.data} />
            </div>
            <PlanFeaturesCard
              plan={details.data.tierInfo.plan}
              features={details.data.tierInfo.features}
              limit={details.data.tierInfo.blogPostLimit}
            />
          </div>
        ) : details.isError && !sessionEnded ? (
          <QueryErrorCard
            title="Unable to Load Subscription"
            query={details}
            fallback="We could not load your subscription details. Please try again."
          />
        ) : (
          <SubscriptionSkeleton />
        )}
      </div>
    </AppLayout>
  );
}

/** A session that expired while the page was open: say so and go to the login page. */
function useSignInWhenSessionEnds(sessionEnded: boolean) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!sessionEnded) return;
    toast({ title: "Unauthorized", description: "Please log in to see your subscription.", variant: "destructive" });
    navigate("/login", { replace: true });
    queryClient.setQueryData(userQueryKey, null);
  }, [sessionEnded, navigate, queryClient]);
}

function SubscriptionSkeleton() {
  return (
    <LoadingStatus label="Loading your subscription..." className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
      <div className="grid gap-6">
        <Skeleton className="h-56" />
        <Skeleton className="h-40" />
      </div>
      <Skeleton className="h-72" />
    </LoadingStatus>
  );
}
