import type { PlanView } from "@postwright/core/contracts";
import { useState } from "react";
import { Link } from "react-router-dom";
import { SiteLayout } from "../components/layout/page-layout";
import { PlanGrid } from "../components/pricing/plan-grid";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogHeading } from "../components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs";
import { useAuth } from "../hooks/use-auth";
import { useCheckout } from "../hooks/use-checkout";
import { usePageTitle } from "../hooks/use-page-title";
import { isContactSalesPlan, postLimitLabel, type BillingInterval } from "../lib/pricing";

export function PricingPage() {
  usePageTitle("Pricing");
  const [interval, setBillingInterval] = useState<BillingInterval>("month");
  const { user, isAuthenticated } = useAuth();
  const checkout = useCheckout();
  const [confirmFree, setConfirmFree] = useState<PlanView | null>(null);

  const isCurrent = (plan: PlanView) =>
    Boolean(user && user.subscriptionPlan === plan.name && user.subscriptionStatus !== "cancelled");

  function renderAction(plan: PlanView) {
    if (isContactSalesPlan(plan.name)) {
      return (
        <Button asChild variant="outline" className="w-full">
          <Link to="/contact">Contact Sales</Link>
        </Button>
      );
    }
    const isFree = plan.price === 0;
    if (!isAuthenticated) {
      return (
        <Button asChild variant={isFree ? "outline" : "default"} className="w-full">
          <Link to="/register">{isFree ? "Get Started" : "Start Free Trial"}</Link>
        </Button>
      );
    }
    if (isCurrent(plan)) {
      return (
        <Button variant="secondary" className="w-full" disabled>
          Current Plan
        </Button>
      );
    }
    const pending = checkout.isPending && checkout.variables === plan.id;
    return (
      <Button
        variant={isFree ? "outline" : "default"}
        className="w-full"
        loading={pending}
        disabled={checkout.isPending}
        onClick={() => (isFree ? setConfirmFree(plan) : checkout.mutate(plan.id))}
      >
        {pending ? "Redirecting..." : isFree ? "Switch to Free" : `Choose ${plan.displayName}`}
      </Button>
    );
  }

  return (
    <SiteLayout>
      <section className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="font-display text-4xl font-semibold tracking-tight sm:text-5xl">Choose your plan</h1>
          <p className="mt-4 text-lg text-muted-foreground">
            Start free and upgrade when you publish more. Paid plans include a 7-day free trial.
          </p>
        </div>
        <Tabs
          value={interval}
          onValueChange={(value) => setBillingInterval(value === "year" ? "year" : "month")}
          className="mt-10"
        >
          <div className="flex justify-center">
            <TabsList aria-label="Billing period">
              <TabsTrigger value="month" className="px-5">
                Monthly
              </TabsTrigger>
              <TabsTrigger value="year" className="px-5">
                Yearly
                <Badge variant="accent" className="px-1.5 py-0">
                  -20%
                </Badge>
              </TabsTrigger>
            </TabsList>
          </div>
          <TabsContent value="month" className="mt-10">
            <PlanGrid interval="month" renderAction={renderAction} isCurrent={isCurrent} headingLevel={2} />
          </TabsContent>
          <TabsContent value="year" className="mt-10">
            <PlanGrid interval="year" renderAction={renderAction} isCurrent={isCurrent} headingLevel={2} />
          </TabsContent>
        </Tabs>
        <p className="mt-10 text-center text-sm text-muted-foreground">
          Prices in US dollars. Questions about plans?{" "}
          <Link to="/contact" className="font-medium text-primary underline-offset-4 hover:underline">
            Talk to us
          </Link>
          .
        </p>
      </section>

      <Dialog open={confirmFree !== null} onOpenChange={(open) => (open ? undefined : setConfirmFree(null))}>
        <DialogContent>
          <DialogHeading
            title="Switch to the Free plan?"
            description={
              <>
                Your account moves to the Free plan
                {confirmFree ? ` (${postLimitLabel(confirmFree.blogPostLimit).toLowerCase()})` : ""}. You can upgrade
                again at any time.
              </>
            }
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep my plan</Button>
            </DialogClose>
            <Button
              loading={checkout.isPending}
              onClick={() => {
                if (!confirmFree) return;
                checkout.mutate(confirmFree.id, { onSettled: () => setConfirmFree(null) });
              }}
            >
              {checkout.isPending ? "Switching..." : "Switch to Free"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </SiteLayout>
  );
}
