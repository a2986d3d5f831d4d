import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation, useNavigation, useRouteError } from "@remix-run/react";
import { Card, Layout, SkeletonBodyText, SkeletonDisplayText, SkeletonPage } from "@shopify/polaris";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import { NavMenu } from "@shopify/app-bridge-react";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { boundary } from "@shopify/shopify-app-remix/server";
import { authenticate } from "../shopify.server";
import { appContext } from "../context.server";

export const links = () => [{ rel: "stylesheet", href: polarisStyles }];

// The document's title (screen readers announce it; Shopify admin shows the app's name around the frame).
export const meta = () => [{ title: "Postwright" }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  await authenticate.admin(request);
  const { shopify } = await appContext();
  return { apiKey: shopify.apiKey };
};

export default function App() {
  const { apiKey } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  // Going to another page (its data is on the way): the page's outline instead of the page being left.
  const switching = navigation.state === "loading" && navigation.location.pathname !== location.pathname;
  return (
    <AppProvider isEmbeddedApp apiKey={apiKey}>
      <NavMenu>
        <Link to="/app" rel="home">
          Home
        </Link>
        <Link to="/app/write">Write a post</Link>
        <Link to="/app/posts">Posts</Link>
        <Link to="/app/your-posts">Your posts</Link>
        <Link to="/app/voice">Brand voice</Link>
        <Link to="/app/autopilot">Autopilot</Link>
        <Link to="/app/plans">Plans</Link>
      </NavMenu>
      {switching ? <LoadingPage /> : <Outlet />}
    </AppProvider>
  );
}

function LoadingPage() {
  return (
    <SkeletonPage primaryAction>
      <Layout>
        <Layout.Section>
          <Card>
            <SkeletonDisplayText size="small" />
            <SkeletonBodyText lines={6} />
          </Card>
        </Layout.Section>
      </Layout>
    </SkeletonPage>
  );
}

// Shopify needs Remix to catch some thrown responses so that their headers are included in the response.
export function ErrorBoundary() {
  return boundary.error(useRouteError());
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
