// Which pages exist depends on whether someone is signed in (specification section 2). While the session check is
// in flight, the visitor pages that only visitors use (login, register, verify-email) render at once; every other
// path waits on a neutral loading state, so a signed-in member never sees the landing page or a "Page Not Found"
// flash by before their own page. The check is one quick request, and the loading state only shows after 300 ms.
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactElement } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router-dom";
import { PageLoading } from "./components/layout/page-loading";
import { signedOutHereJustNow, useAuth } from "./hooks/use-auth";
import { toast } from "./hooks/use-toast";
import { peekReturnTo } from "./lib/return-to";
import { LandingPage } from "./pages/landing";
import { NotFoundPage } from "./pages/not-found";

// Pages load on demand, so a visitor on the landing page does not download the dashboard's editor.
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));
const AccountPage = page(() => import("./pages/account"), "AccountPage");
const AdminPage = page(() => import("./pages/admin"), "AdminPage");
const AutopilotPage = page(() => import("./pages/autopilot"), "AutopilotPage");
const AutopilotPlanPage = page(() => import("./pages/autopilot-plan"), "AutopilotPlanPage");
const ConnectWordpressPage = page(() => import("./pages/connect-wordpress"), "ConnectWordpressPage");
const ContactPage = page(() => import("./pages/contact"), "ContactPage");
const DashboardPage = page(() => import("./pages/dashboard"), "DashboardPage");
const ForgotPasswordPage = page(() => import("./pages/forgot-password"), "ForgotPasswordPage");
const LoginPage = page(() => import("./pages/login"), "LoginPage");
const PostPage = page(() => import("./pages/post"), "PostPage");
const PostsPage = page(() => import("./pages/posts"), "PostsPage");
const PricingPage = page(() => import("./pages/pricing"), "PricingPage");
const RefreshPage = page(() => import("./pages/refresh"), "RefreshPage");
const RegisterPage = page(() => import("./pages/register"), "RegisterPage");
const ResetPasswordPage = page(() => import("./pages/reset-password"), "ResetPasswordPage");
const SubscriptionPage = page(() => import("./pages/subscription"), "SubscriptionPage");
const SubscriptionSuccessPage = page(() => import("./pages/subscription-success"), "SubscriptionSuccessPage");
const VerifyEmailPage = page(() => import("./pages/verify-email"), "VerifyEmailPage");
const YourPostsPage = page(() => import("./pages/your-posts"), "YourPostsPage");

export function AppRoutes() {
  const { isAuthenticated, isLoading } = useAuth();
  return (
    <>
      <RouteChangeFocus />
      <Suspense fallback={<PageLoading />}>
        {isAuthenticated ? <MemberRoutes /> : <VisitorRoutes isLoading={isLoading} />}
      </Suspense>
    </>
  );
}

function MemberRoutes() {
  return (
    <Routes>
      <Route path="/" element={<DashboardPage />} />
      <Route path="/posts" element={<PostsPage />} />
      <Route path="/posts/:id" element={<PostPage />} />
      <Route path="/your-posts" element={<YourPostsPage />} />
      <Route path="/refreshes/:id" element={<RefreshPage />} />
      <Route path="/autopilot" element={<AutopilotPage />} />
      <Route path="/autopilot/:id" element={<AutopilotPlanPage />} />
      <Route path="/pricing" element={<PricingPage />} />
      <Route path="/subscription" element={<SubscriptionPage />} />
      <Route path="/account" element={<AccountPage />} />
      <Route path="/subscription/success" element={<SubscriptionSuccessPage />} />
      <Route path="/contact" element={<ContactPage />} />
      <Route path="/admin" element={<AdminPage />} />
      <Route path="/connect/wordpress" element={<ConnectWordpressPage />} />
      {/* A member who opens a sign-in page (the back button after logging in, a bookmark) belongs on the dashboard. */}
      {/* Just signed in there: the page the visitor was sent from (the WordPress plugin's approval), if any. */}
      <Route path="/login" element={<BackFromSignIn />} />
      <Route path="/register" element={<Navigate to="/" replace />} />
      <Route path="/verify-email" element={<BackFromSignIn />} />
      <Route path="/forgot-password" element={<Navigate to="/account" replace />} />
      {/* A reset link opened while signed in still works: it is how a member who forgot the password gets back in. */}
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

function VisitorRoutes({ isLoading }: { isLoading: boolean }) {
  const settled = (page: ReactElement) => (isLoading ? <PageLoading /> : page);
  return (
    <Routes>
      <Route path="/" element={settled(<LandingPage />)} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/verify-email" element={<VerifyEmailPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/pricing" element={settled(<PricingPage />)} />
      <Route path="/contact" element={settled(<ContactPage />)} />
      {/* The admin page shows its own sign-in form to visitors (specification section 6). */}
      <Route path="/admin" element={settled(<AdminPage />)} />
      {/* The WordPress plugin's connection link: sign in or sign up, then back to the approval. */}
      <Route path="/connect/wordpress" element={settled(<ConnectWordpressPage />)} />
      <Route path="/subscription" element={settled(<SignInRequired />)} />
      <Route path="/subscription/success" element={settled(<SignInRequired />)} />
      <Route path="/account" element={settled(<SignInRequired />)} />
      <Route path="/posts/*" element={settled(<SignInRequired />)} />
      <Route path="*" element={settled(<NotFoundPage />)} />
    </Routes>
  );
}

function BackFromSignIn() {
  return <Navigate to={peekReturnTo()} replace />;
}

/**
 * Members-only pages opened without a session: say why, then go to the login page. A member who just signed out
 * on purpose from such a page goes home instead, without the warning.
 */
function SignInRequired() {
  const [onPurpose] = useState(signedOutHereJustNow);
  const { pathname } = useLocation();
  const what = pathname.startsWith("/subscription") ? "your subscription" : "this page";
  useEffect(() => {
    if (onPurpose) return;
    toast({ title: "Unauthorized", description: `Please log in to see ${what}.`, variant: "destructive" });
  }, [onPurpose, what]);
  return <Navigate to={onPurpose ? "/" : "/login"} replace />;
}

/** After a client-side navigation, start at the top of the new page and move focus to its main content. */
function RouteChangeFocus() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo(0, 0);
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
