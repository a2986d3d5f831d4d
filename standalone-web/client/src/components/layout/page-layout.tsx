import type { ReactNode } from "react";
import { useAuth } from "../../hooks/use-auth";
import { cn } from "../../lib/utils";
import { AppHeader } from "./app-header";
import { PublicHeader } from "./public-header";
import { SiteFooter } from "./site-footer";

/** A signed-in page: the app header (with its connection indicators) and the page's main content. */
export function AppLayout({
  children,
  indicators,
  className,
}: {
  children: ReactNode;
  indicators?: ReactNode;
  className?: string;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader indicators={indicators} />
      <main
        id="main"
        tabIndex={-1}
        className={cn("mx-auto w-full max-w-7xl flex-1 px-4 py-8 outline-none sm:px-6", className)}
      >
        {children}
      </main>
    </div>
  );
}

/** A page for visitors: the public header, the content and the footer. */
export function PublicLayout({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader />
      <main id="main" tabIndex={-1} className={cn("flex-1 outline-none", className)}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** For pages open to everyone (pricing, contact): the signed-in header for members, the public one otherwise. */
export function SiteLayout({ children, className }: { children: ReactNode; className?: string }) {
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) {
    return <AppLayout className={cn("max-w-none px-0 py-0 sm:px-0", className)}>{children}</AppLayout>;
  }
  return <PublicLayout className={className}>{children}</PublicLayout>;
}
