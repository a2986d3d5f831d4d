import type { PlanView } from "@postwright/core/contracts";
import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { formatDollars, isContactSalesPlan, planPrice, postLimitLabel } from "../../lib/pricing";
import { cn } from "../../lib/utils";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";

export interface PlanCardProps {
  plan: PlanView;
  /** The card's call to action (a button or link). A paid plan that cannot be bought online on this site
   * (checkoutAvailable false) shows a note and a link to the contact page instead, unless it is the member's plan. */
  action: ReactNode;
  /** Marks the signed-in member's plan. */
  isCurrent?: boolean;
  highlighted?: boolean;
  /** The level of the plan's name among the page's headings: 3 under a section's h2, 2 right under the page's h1. */
  headingLevel?: 2 | 3;
}

export function PlanCard({ plan, action, isCurrent = false, highlighted = false, headingLevel = 3 }: PlanCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = `plan-${plan.name}-${plan.interval}`;
  const features = plan.features.length ? plan.features : [postLimitLabel(plan.blogPostLimit)];
  // Enterprise is always sold through sales and its action says so already.
  const contactInstead = !plan.checkoutAvailable && !isContactSalesPlan(plan.name) && !isCurrent;
  const noteId = `${headingId}-payment-note`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "relative flex flex-col rounded-xl border bg-card p-6 shadow-sm",
        highlighted ? "border-primary ring-1 ring-primary" : "border-border",
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <Heading id={headingId} className="text-lg font-semibold tracking-tight">
          {plan.displayName}
        </Heading>
        {isCurrent ? <Badge variant="secondary">Current plan</Badge> : null}
      </div>
      {plan.description ? <p className="mt-1 min-h-10 text-sm text-muted-foreground">{plan.description}</p> : null}
      <PlanPriceBlock plan={plan} />
      <ul className="mt-6 grid flex-1 content-start gap-2.5 text-sm" aria-label={`${plan.displayName} features`}>
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      {contactInstead ? (
        <div className="mt-8 grid gap-3">
          <p id={noteId} className="text-sm text-muted-foreground">
            Online payment isn&apos;t set up on this site yet. Contact us to subscribe.
          </p>
          <Button asChild variant="outline" className="w-full">
            <Link to="/contact" aria-describedby={noteId}>
              Contact Sales
            </Link>
          </Button>
        </div>
      ) : (
        <div className="mt-8">{action}</div>
      )}
    </article>
  );
}

function PlanPriceBlock({ plan }: { plan: PlanView }) {
  if (isContactSalesPlan(plan.name)) {
    return (
      <div className="mt-5">
        <p className="font-display text-4xl font-semibold tracking-tight">Custom</p>
        <p className="mt-1 text-sm text-muted-foreground">Priced with our sales team</p>
      </div>
    );
  }
  const price = planPrice(plan);
  return (
    <div className="mt-5">
      <p className="flex items-baseline gap-1">
        <span className="font-display text-4xl font-semibold tracking-tight">{formatDollars(price.perMonth)}</span>
        <span className="text-sm text-muted-foreground">/month</span>
      </p>
      {price.yearlyTotal !== undefined && plan.price > 0 ? (
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span>{formatDollars(price.yearlyTotal)} billed yearly</span>
          {price.yearlySaving ? <Badge variant="success">Save {formatDollars(price.yearlySaving)}</Badge> : null}
        </p>
      ) : (
        <p className="mt-1 text-sm text-muted-foreground">{plan.price === 0 ? "Free forever" : "Billed monthly"}</p>
      )}
    </div>
  );
}
