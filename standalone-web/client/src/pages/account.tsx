// "Account": the member's sign-in details (password, email address), time zone, sessions, the data export and the
// account's deletion. Billing (plan, usage, cancel or reactivate) stays on the Account & Billing page.
import { CreditCard } from "lucide-react";
import { Link } from "react-router-dom";
import { AppLayout } from "../components/layout/page-layout";
import { Button } from "../components/ui/button";
import { AccountSettings } from "../features/account/account-settings";
import { usePageTitle } from "../hooks/use-page-title";

export function AccountPage() {
  usePageTitle("Account");
  return (
    <AppLayout className="max-w-5xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-semibold tracking-tight">Account</h1>
          <p className="mt-1 text-muted-foreground">Your sign-in details, time zone and sessions, and your data.</p>
        </div>
        <Button asChild variant="outline">
          <Link to="/subscription">
            <CreditCard aria-hidden="true" />
            Plan &amp; billing
          </Link>
        </Button>
      </div>
      <AccountSettings />
    </AppLayout>
  );
}
