// Placeholder of the dashboard (the blog generator, specification section 2): the page is built on top of this
// file, inside the signed-in layout.
import { AppLayout } from "../components/layout/page-layout";
import { usePageTitle } from "../hooks/use-page-title";

export function DashboardPage() {
  usePageTitle("Dashboard");
  return (
    <AppLayout>
      <h1 className="font-display text-2xl font-semibold tracking-tight">Create New Blog Post</h1>
    </AppLayout>
  );
}
