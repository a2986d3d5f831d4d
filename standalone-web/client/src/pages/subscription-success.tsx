// The page the payment provider returns to (/subscription/success?session_id=..): activates the subscription and
// says how it went. Its button leads to the dashboard at "/" (the original product linked a /blog-generator route
// that did not exist).
import { ArrowRight, CheckCircle2, Loader2, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { AppLayout } from "../components/layout/page-layout";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { planLabel } from "../features/billing/plan-labels";
import { useActivateCheckout } from "../features/billing/use-activate-checkout";
import { usePageTitle } from "../hooks/use-page-title";
import { errorMessage } from "../lib/api";

export function SubscriptionSuccessPage() {
  usePageTitle("Subscription");
  const [params] = useSearchParams();
  const sessionId = params.get("session_id")?.trim() || null;
  const activation = useActivateCheckout(sessionId);

  let content: ReactNode;
  if (!sessionId || activation.isError) {
    content = (
      <Outcome
        icon={<XCircle className="size-12 text-destructive" aria-hidden="true" />}
        title="Activation Failed"
        message={sessionId ? errorMessage(activation.error, "Failed to activate subscription") : "No session ID found"}
        role="alert"
      >
        <Button asChild>
          <Link to="/pricing">Back to Pricing</Link>
        </Button>
        {sessionId ? (
          <Button variant="outline" onClick={() => activation.mutate(sessionId)}>
            Try Again
          </Button>
        ) : null}
      </Outcome>
    );
  } else if (activation.isSuccess) {
    const plan = planLabel(activation.data.subscriptionPlan);
    content = (
      <Outcome
        icon={<CheckCircle2 className="size-12 text-success" aria-hidden="true" />}
        title="Subscription Activated!"
        message={`Welcome to the ${plan} plan. You can now generate up to ${
          activation.data.tierInfo.blogPostLimit < 0 ? "unlimited" : activation.data.tierInfo.blogPostLimit
        } blog posts a month.`}
        role="status"
      >
        <Button asChild>
          <Link to="/">
            Go to Dashboard
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/subscription">View Subscription</Link>
        </Button>
      </Outcome>
    );
  } else {
    content = (
      <Outcome
        icon={<Loader2 className="size-12 animate-spin text-primary motion-reduce:animate-none" aria-hidden="true" />}
        title="Activating your subscription..."
        message="This takes a moment. Please keep this page open."
        role="status"
      />
    );
  }

  return <AppLayout className="max-w-xl">{content}</AppLayout>;
}

function Outcome({
  icon,
  title,
  message,
  role,
  children,
}: {
  icon: ReactNode;
  title: string;
  message: string;
  role: "alert" | "status";
  children?: ReactNode;
}) {
  return (
    <Card className="mt-8">
      <CardContent className="flex flex-col items-center gap-4 p-10 text-center" role={role}>
        {icon}
        <h1 className="font-display text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{message}</p>
        {children ? <div className="mt-2 flex flex-wrap justify-center gap-2">{children}</div> : null}
      </CardContent>
    </Card>
  );
}
