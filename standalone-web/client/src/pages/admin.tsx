// Placeholder of the admin page (specification section 6); it is routed for members and visitors alike because
// the page itself gates access (visitors and non-admins see the admin sign-in form).
import { SiteLayout } from "../components/layout/page-layout";
import { usePageTitle } from "../hooks/use-page-title";

export function AdminPage() {
  usePageTitle("Admin");
  return (
    <SiteLayout>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <h1 className="font-display text-2xl font-semibold tracking-tight">Admin</h1>
      </div>
    </SiteLayout>
  );
}
