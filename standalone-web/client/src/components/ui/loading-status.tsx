// Placeholders shown while content loads, announced once to screen readers by a label they read instead.
import type { ReactNode } from "react";

export function LoadingStatus({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={className} role="status">
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}
