import { zodResolver } from "../../lib/zod-resolver";
import { changePasswordSchema, type ChangePasswordInput } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import { PasswordField } from "../../components/auth/account-fields";
import { Button } from "../../components/ui/button";
import { TitledCard } from "../../components/ui/titled-card";
import { BoundForm } from "../../components/ui/bound-form";
import { toast } from "../../hooks/use-toast";
import { callRoute } from "../../lib/api";
import { sessionsQueryKey } from "./sessions-card";
import { toastFailure } from "../../lib/failure-toast";

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
    onError: toastFailure("Password change failed", "We could not change your password. Please try again."),
  });
  return (
    <TitledCard icon={KeyRound} title="Password" description="Changing it signs out every other device.">
      <BoundForm form={form} label="Change password" onSubmit={(values) => change.mutate(values)}>
        <PasswordField control={form.control} name="currentPassword" label="Current password" purpose="current" />
        <PasswordField control={form.control} name="newPassword" label="New password" purpose="new" />
        <Button type="submit" className="justify-self-start" loading={change.isPending}>
          {change.isPending ? "Saving..." : "Change Password"}
        </Button>
      </BoundForm>
    </TitledCard>
  );
}
