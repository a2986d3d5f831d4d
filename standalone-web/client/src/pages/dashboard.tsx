// The signed-in home at / (specification section 2): the blog generator, the publishing connections, the posts and
// the preview of the selected post. The header shows whether Shopify and WordPress are connected.
import { AppLayout } from "../components/layout/page-layout";
import { ConnectionIndicators } from "../features/dashboard/connection-indicators";
import { DashboardScreen, useConnectionStatus } from "../features/dashboard/dashboard-screen";
import { useWordpressAuthorizationOutcome } from "../features/dashboard/wordpress-connection-card";
import { usePageTitle } from "../hooks/use-page-title";

export function DashboardPage() {
  usePageTitle("Dashboard");
  const status = useConnectionStatus();
  useWordpressAuthorizationOutcome();
  return (
    <AppLayout indicators={<ConnectionIndicators shopify={status.shopify} wordpress={status.wordpress} />}>
      <DashboardScreen />
    </AppLayout>
  );
}
