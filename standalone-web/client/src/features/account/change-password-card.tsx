import { zodResolver } from "../../lib/zod-resolver";
import { changePasswordSchema, type ChangePasswordInput } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import { PasswordField } from "../../components/auth/account-fields";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Form } from "../../components/ui/form";
import { toast } from "../../hooks/use-toast";
import { callRoute, errorMessage } from "../../lib/api";
import { sessionsQueryKey } from "./sessions-card";

/** Change the password, signed in: the current one is asked for, and every other device is signed out. */
export function ChangePasswordCard() {
  const queryClient = useQueryClient();
  const form = useForm({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "" },
  });
  const change = useMutation({
    mutationFn: (values: ChangePasswordInput) => callRoute(contract.changePassword, { body: values }),
    onSuccess: async (data) => {
      toast({ title: "Password changed", description: data.message });
      form.reset();
      await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
    onError: (error) => {
      toast({
        title: "Password change failed",
        description: errorMessage(error, "We could not change your password. Please try again."),
        variant: "destructive",
      });
    },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5 text-primary" aria-hidden="true" />
          Password
        </CardTitle>
        <CardDescription>Changing it signs out every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            noValidate
            aria-label="Change password"
            onSubmit={form.handleSubmit((values) => change.mutate(values))}
            className="grid gap-4"
          >
            <PasswordField control={form.control} name="currentPassword" label="Current password" purpose="current" />
            <PasswordField control={form.control} name="newPassword" label="New password" purpose="new" />
            <Button type="submit" className="justify-self-start" loading={change.isPending}>
              {change.isPending ? "Saving..." : "Change Password"}
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
