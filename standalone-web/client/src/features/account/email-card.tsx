import { zodResolver } from "../../lib/zod-resolver";
import {
  confirmEmailChangeSchema,
  requestEmailChangeSchema,
  type ConfirmEmailChangeInput,
  type RequestEmailChangeInput,
} from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { CodeField, PasswordField } from "../../components/auth/account-fields";
import { Button } from "../../components/ui/button";
import { TitledCard } from "../../components/ui/titled-card";
import { BoundForm } from "../../components/ui/bound-form";
import { TextField } from "../../components/ui/text-field";
import { userQueryKey } from "../../hooks/use-auth";
import { toast } from "../../hooks/use-toast";
import { callRoute } from "../../lib/api";
import { toastFailure } from "../../lib/failure-toast";

/** The account's email address, and moving it to another one confirmed by a code sent there. */
export function EmailCard({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);
  const request = useForm({
    resolver: zodResolver(requestEmailChangeSchema),
    defaultValues: { newEmail: "", currentPassword: "" },
  });
  const confirm = useForm({ resolver: zodResolver(confirmEmailChangeSchema), defaultValues: { code: "" } });

  const ask = useMutation({
    mutationFn: (values: RequestEmailChangeInput) => callRoute(contract.requestEmailChange, { body: values }),
    onSuccess: (data) => {
      toast({ title: "Code sent!", description: data.message });
      setPending(data.newEmail);
      request.reset();
    },
    onError: toastFailure("Email change failed", "We could not start the change. Please try again."),
  });
  const finish = useMutation({
    mutationFn: (values: ConfirmEmailChangeInput) => callRoute(contract.confirmEmailChange, { body: values }),
    onSuccess: (user) => {
      toast({ title: "Email changed", description: `Your account now uses ${user.email}.` });
      queryClient.setQueryData(userQueryKey, user);
      setPending(null);
      confirm.reset();
    },
    onError: toastFailure("Email change failed", "That code did not work. Please try again."),
  });

  return (
    <TitledCard
      icon={Mail}
      title="Email Address"
      description={
        <>
          You sign in with <span className="font-medium text-foreground">{email}</span>.
        </>
      }
      contentClassName="grid gap-6"
    >
      <BoundForm form={request} label="Change email" onSubmit={(values) => ask.mutate(values)}>
        <TextField control={request.control} name="newEmail" label="New email" type="email" autoComplete="email" />
        <PasswordField control={request.control} name="currentPassword" label="Password" purpose="current" />
        <Button type="submit" variant="outline" className="justify-self-start" loading={ask.isPending}>
          {ask.isPending ? "Sending..." : "Send Confirmation Code"}
        </Button>
      </BoundForm>
      {pending ? (
        <BoundForm
          form={confirm}
          label="Confirm new email"
          onSubmit={(values) => finish.mutate(values)}
          className="grid gap-4 rounded-lg border border-border bg-muted/40 p-4"
        >
          <p className="text-sm">
            Enter the 6-digit code we sent to <span className="font-medium">{pending}</span>.
          </p>
          <CodeField control={confirm.control} name="code" label="Confirmation code" />
          <Button type="submit" className="justify-self-start" loading={finish.isPending}>
            {finish.isPending ? "Confirming..." : "Confirm New Email"}
          </Button>
        </BoundForm>
      ) : null}
    </TitledCard>
  );
}
