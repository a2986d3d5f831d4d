import { Link } from "react-router-dom";
import { cn } from "../../lib/utils";

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8", className)}>
      <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
      <path
        d="M9 23l2.2-6.6L20.5 7.1a2.1 2.1 0 0 1 3 0l1.4 1.4a2.1 2.1 0 0 1 0 3l-9.3 9.3L9 23z"
        fill="none"
        stroke="#f6f3ea"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M8 26h16" stroke="var(--color-accent)" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The product's name and mark, linking home. */
export function Logo({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn(
        "inline-flex items-center gap-2 rounded-md font-display text-xl font-semibold tracking-tight text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
        className,
      )}
    >
      <LogoMark />
      <span>Postwright</span>
    </Link>
  );
}
