import { Link } from "react-router-dom";
import { SiteLayout } from "../components/layout/page-layout";
import { Button } from "../components/ui/button";
import { usePageTitle } from "../hooks/use-page-title";

export function NotFoundPage() {
  usePageTitle("Page Not Found");
  return (
    <SiteLayout>
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <p className="font-display text-6xl font-semibold text-primary/70" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 font-display text-3xl font-semibold tracking-tight">Page Not Found</h1>
        <p className="mt-3 text-muted-foreground">The page you are looking for does not exist or has moved.</p>
        <Button asChild className="mt-8">
          <Link to="/">Go back home</Link>
        </Button>
      </section>
    </SiteLayout>
  );
}
