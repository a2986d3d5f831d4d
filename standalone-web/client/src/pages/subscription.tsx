// Placeholder of the "Account & Billing" page (specification section 2).
import { AppLayout } from "../components/layout/page-layout";
import { usePageTitle } from "../hooks/use-page-title";

export function SubscriptionPage() {
  usePageTitle("Account & Billing");
  return (
    <AppLayout>
      <h1 className="font-display text-2xl font-semibold tracking-tight">Account &amp; Billing</h1>
    </AppLayout>
  );
}
