import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { SiteLayout } from "../layout/page-layout";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../ui/card";

/**
 * The frame of the sign-in pages: one centred card with a heading, the form, and a footer line of links. A signed-in
 * member who lands on one (the WordPress plugin's approval, a password reset link) sees the signed-in header.
 */
export function AuthShell({
  title,
  description,
  children,
  footer,
  aside,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Extra content beside the card on wide screens (below it on small ones). */
  aside?: ReactNode;
}) {
  return (
    <SiteLayout className="bg-[radial-gradient(ellipse_at_top,var(--color-secondary),transparent_60%)]">
      <div className="mx-auto flex w-full max-w-5xl flex-col items-center justify-center gap-8 px-4 py-12 sm:py-16 lg:flex-row lg:items-start">
        <Card className="w-full max-w-md">
          <CardHeader className="gap-2">
            <CardTitle as="h1" className="font-display text-2xl">
              {title}
            </CardTitle>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
          {footer ? <CardFooter className="justify-center text-sm text-muted-foreground">{footer}</CardFooter> : null}
        </Card>
        {aside ? <div className="w-full max-w-md">{aside}</div> : null}
      </div>
    </SiteLayout>
  );
}

/** An inline text link in the sign-in pages' copy. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="rounded-sm font-semibold text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {children}
    </Link>
  );
}
