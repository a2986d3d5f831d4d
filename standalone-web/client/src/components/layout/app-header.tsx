import { LogOut } from "lucide-react";
import type { ReactNode } from "react";
import { NavLink } from "react-router-dom";
import { useAuth } from "../../hooks/use-auth";
import { useLogout } from "../../hooks/use-logout";
import { cn } from "../../lib/utils";
import { Button } from "../ui/button";
import { Logo } from "./logo";
import { SkipLink } from "./skip-link";

export interface AppHeaderProps {
  /** Status of the publishing connections (Shopify, WordPress), shown before the navigation. */
  indicators?: ReactNode;
}

/**
 * The header of every signed-in page: connection indicators; Dashboard, Posts, Your posts, Autopilot, Pricing,
 * Subscription and Account links; Logout.
 */
export function AppHeader({ indicators }: AppHeaderProps) {
  const { user } = useAuth();
  const { logout, isPending } = useLogout();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
      <SkipLink />
      <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 sm:px-6">
        <div className="flex items-center gap-4">
          <Logo />
          {indicators ? (
            <div className="hidden items-center gap-2 md:flex" aria-label="Publishing connections" role="group">
              {indicators}
            </div>
          ) : null}
        </div>
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          <HeaderLink to="/">Dashboard</HeaderLink>
          <HeaderLink to="/posts" end={false}>
            Posts
          </HeaderLink>
          <HeaderLink to="/your-posts">Your posts</HeaderLink>
          <HeaderLink to="/autopilot" end={false}>
            Autopilot
          </HeaderLink>
          <HeaderLink to="/pricing">Pricing</HeaderLink>
          <HeaderLink to="/subscription">Subscription</HeaderLink>
          <HeaderLink to="/account">Account</HeaderLink>
          {user?.isAdmin ? <HeaderLink to="/admin">Admin</HeaderLink> : null}
          <Button variant="outline" size="sm" onClick={() => void logout()} loading={isPending}>
            {isPending ? null : <LogOut aria-hidden="true" />}
            {isPending ? "Logging out..." : "Logout"}
          </Button>
        </nav>
      </div>
      {indicators ? (
        <div
          className="flex flex-wrap items-center gap-2 border-t border-border px-4 py-2 md:hidden"
          aria-label="Publishing connections"
          role="group"
        >
          {indicators}
        </div>
      ) : null}
    </header>
  );
}

function HeaderLink({ to, end = true, children }: { to: string; end?: boolean; children: string }) {
  return (
    <NavLink
      to={to}
      end={end}
      className={({ isActive }) =>
        cn(
          "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground",
          "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
          isActive && "bg-muted text-foreground",
        )
      }
    >
      {children}
    </NavLink>
  );
}
