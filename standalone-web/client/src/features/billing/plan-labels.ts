// How plans, statuses and dates read on the billing and admin pages.
import type { PlanName, SubscriptionStatus } from "@postwright/core/contracts";
import { formatInZone } from "@postwright/core/scheduling/zoned-time";
import { shownZone } from "../../lib/account-zone";

const planLabels: Record<PlanName, string> = {
  free: "Free",
  starter: "Starter",
  professional: "Professional",
  enterprise: "Enterprise",
};

const statusLabels: Record<SubscriptionStatus, string> = {
  free: "Free",
  active: "Active",
  cancelled: "Cancelled",
  past_due: "Past due",
};

export function planLabel(name: string): string {
  return planLabels[name as PlanName] ?? name;
}

export function statusLabel(status: string): string {
  return statusLabels[status as SubscriptionStatus] ?? status;
}

export type StatusTone = "success" | "warning" | "destructive" | "secondary";

export function statusTone(status: string): StatusTone {
  if (status === "active") return "success";
  if (status === "cancelled") return "warning";
  if (status === "past_due") return "destructive";
  return "secondary";
}

/** "March 5, 2026" in the account's time zone (else the browser's); an empty string for no date. */
export function formatDate(iso: string | null | undefined, timeZone?: string | null): string {
  return formatInZone(iso, shownZone(timeZone), { year: "numeric", month: "long", day: "numeric" }, "en-US");
}
