import type { AdminUserRow } from "@postwright/core/contracts";
import type { FormEvent } from "react";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { toast } from "../../hooks/use-toast";
import { planLabel, statusLabel } from "../billing/plan-labels";
import { adminPlanChoices, adminStatusChoices, INCOMPLETE_SELECTION, useSetSubscription } from "./use-admin";

export interface SubscriptionSelection {
  userId: string;
  planName: string;
  status: string;
}

export const emptySelection: SubscriptionSelection = { userId: "", planName: "", status: "" };

/** The form's values for a row: its user, plan and status (blank where the row's value is not offered). */
export function selectionFor(row: AdminUserRow): SubscriptionSelection {
  return {
    userId: String(row.id),
    planName: (adminPlanChoices as readonly string[]).includes(row.planName) ? row.planName : "",
    status: (adminStatusChoices as readonly string[]).includes(row.status) ? row.status : "",
  };
}

/** Sets a user's plan (free, starter, professional) and status (active, cancelled, past due). */
export function SetSubscriptionForm({
  users,
  value,
  onChange,
}: {
  users: AdminUserRow[];
  value: SubscriptionSelection;
  onChange: (value: SubscriptionSelection) => void;
}) {
  const update = useSetSubscription();

  function submit(event: FormEvent) {
    event.preventDefault();
    const planName = adminPlanChoices.find((plan) => plan === value.planName);
    const status = adminStatusChoices.find((choice) => choice === value.status);
    if (!value.userId || !planName || !status) {
      toast({ title: "Error", description: INCOMPLETE_SELECTION, variant: "destructive" });
      return;
    }
    update.mutate({ userId: Number(value.userId), planName, status });
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Update subscription"
      className="grid gap-4 md:grid-cols-[2fr_1fr_1fr_auto] md:items-end"
    >
      <div className="grid gap-2">
        <Label htmlFor="admin-user">User</Label>
        <Select value={value.userId} onValueChange={(userId) => onChange({ ...value, userId })}>
          <SelectTrigger id="admin-user">
            <SelectValue placeholder="Select a user" />
          </SelectTrigger>
          <SelectContent>
            {users.map((user) => (
              <SelectItem key={user.id} value={String(user.id)}>
                {user.email}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="admin-plan">Plan</Label>
        <Select value={value.planName} onValueChange={(planName) => onChange({ ...value, planName })}>
          <SelectTrigger id="admin-plan">
            <SelectValue placeholder="Select a plan" />
          </SelectTrigger>
          <SelectContent>
            {adminPlanChoices.map((plan) => (
              <SelectItem key={plan} value={plan}>
                {planLabel(plan)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="admin-status">Status</Label>
        <Select value={value.status} onValueChange={(status) => onChange({ ...value, status })}>
          <SelectTrigger id="admin-status">
            <SelectValue placeholder="Select a status" />
          </SelectTrigger>
          <SelectContent>
            {adminStatusChoices.map((status) => (
              <SelectItem key={status} value={status}>
                {statusLabel(status)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Button type="submit" loading={update.isPending}>
        {update.isPending ? "Updating..." : "Update Subscription"}
      </Button>
    </form>
  );
}
