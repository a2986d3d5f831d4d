// The admin page (specification section 6). Routed for members and visitors alike: the page shows the admin login
// form to visitors, turns signed-in members who are not the administrator away to "/", and shows the administrator
// the users and their plans. The server's isAdmin flag decides what is shown; the API checks again on every call.
import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { SiteLayout } from "../components/layout/page-layout";
import { PageLoading } from "../components/layout/page-loading";
import { AdminDashboard } from "../features/admin/admin-dashboard";
import { AdminLoginForm } from "../features/admin/admin-login-form";
import { accessDeniedToast } from "../features/admin/use-admin";
import { useAuth } from "../hooks/use-auth";
import { usePageTitle } from "../hooks/use-page-title";

export function AdminPage() {
  usePageTitle("Admin");
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageLoading />;
  if (!user) {
    return (
      <SiteLayout>
        <AdminLoginForm />
      </SiteLayout>
    );
  }
  if (!user.isAdmin) return <AccessDenied />;
  return (
    <SiteLayout>
      <AdminDashboard />
    </SiteLayout>
  );
}

function AccessDenied() {
  const navigate = useNavigate();
  useEffect(() => {
    accessDeniedToast();
    navigate("/", { replace: true });
  }, [navigate]);
  return null;
}
