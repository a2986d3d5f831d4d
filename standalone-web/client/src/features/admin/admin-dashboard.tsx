import type { AdminUserRow } from "@postwright/core/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { AlertCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { userQueryKey } from "../../hooks/use-auth";
import { ApiError, errorMessage, isUnauthorizedError } from "../../lib/api";
import { emptySelection, selectionFor, SetSubscriptionForm, type SubscriptionSelection } from "./set-subscription-form";
import { accessDeniedToast, useAdminUsers } from "./use-admin";
import { UsersTable } from "./users-table";

/** The administrator's view: change a user's plan, and the list of every user. */
export function AdminDashboard() {
  const users = useAdminUsers(true);
  const [selection, setSelection] = useState<SubscriptionSelection>(emptySelection);
  useLeaveWhenRefused(users.error);

  function edit(row: AdminUserRow) {
    setSelection(selectionFor(row));
    const form = document.getElementById("update-subscription");
    form?.scrollIntoView({ behavior: "smooth", block: "start" });
    document.getElementById("admin-user")?.focus({ preventScroll: true });
  }

  const rows = users.data ?? [];
  const paying = rows.filter((row) => row.planName !== "free" && row.status !== "cancelled").length;

  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="font-display text-3xl font-semibold tracking-tight">Admin Dashboard</h1>
        <p className="mt-1 text-muted-foreground">
          {users.data
            ? `${rows.length} ${rows.length === 1 ? "user" : "users"}, ${paying} on a paid plan.`
            : "Users and their plans."}
        </p>
      </div>

      <Card id="update-subscription" className="scroll-mt-24">
        <CardHeader>
          <CardTitle>Update Subscription</CardTitle>
          <CardDescription>
            Sets the plan and status on record. A subscription at the payment provider is not changed.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <SetSubscriptionForm users={rows} value={selection} onChange={setSelection} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Users</CardTitle>
          <CardDescription>Plans, statuses and blog posts generated this month.</CardDescription>
        </CardHeader>
        {users.data ? (
          <UsersTable users={users.data} onEdit={edit} />
        ) : users.isError ? (
          <CardContent role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
            <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
            <p className="font-semibold">Unable to Load Users</p>
            <p className="text-sm text-muted-foreground">
              {errorMessage(users.error, "The user list could not be loaded. Please try again.")}
            </p>
            <Button variant="outline" loading={users.isFetching} onClick={() => void users.refetch()}>
              Try again
            </Button>
          </CardContent>
        ) : (
          <CardContent role="status" className="grid gap-2">
            <span className="sr-only">Loading users...</span>
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </CardContent>
        )}
      </Card>
    </div>
  );
}

/** The server decides: a session that ended shows the admin login again, a refusal sends the visitor home. */
function useLeaveWhenRefused(error: Error | null) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!error) return;
    if (isUnauthorizedError(error)) {
      queryClient.setQueryData(userQueryKey, null);
    } else if (error instanceof ApiError && error.status === 403) {
      accessDeniedToast();
      navigate("/", { replace: true });
    }
  }, [error, navigate, queryClient]);
}
