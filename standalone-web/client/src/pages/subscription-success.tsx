// Placeholder of the page the payment provider returns to (/subscription/success?session_id=..). Its button leads to
// the dashboard at "/" (the original product linked a /blog-generator route that did not exist).
import { Link } from "react-router-dom";
import { AppLayout } from "../components/layout/page-layout";
import { Button } from "../components/ui/button";
import { usePageTitle } from "../hooks/use-page-title";

export function SubscriptionSuccessPage() {
  usePageTitle("Subscription");
  return (
    <AppLayout className="max-w-xl text-center">
      <h1 className="font-display text-2xl font-semibold tracking-tight">Subscription</h1>
      <Button asChild className="mt-6">
        <Link to="/">Go to Dashboard</Link>
      </Button>
    </AppLayout>
  );
}
