// A forgotten password, step two: the emailed code (pre-filled when the mail's link was followed) and a new password.
// Every session of the account ends; the person then signs in with the new password.
import { zodResolver } from "../lib/zod-resolver";
import { resetPasswordSchema, type ResetPasswordInput } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router-dom";
import { AuthShell, TextLink } from "../components/auth/auth-shell";
import { Button } from "../components/ui/button";
import { Form } from "../components/ui/form";
import { TextField } from "../components/ui/text-field";
import { userQueryKey } from "../hooks/use-auth";
import { usePageTitle } from "../hooks/use-page-title";
import { toast } from "../hooks/use-toast";
import { callRoute, errorMessage } from "../lib/api";
import { CODE_LENGTH, sanitizeCode } from "../lib/verification";

export function ResetPasswordPage() {
  usePageTitle("Reset password");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const form = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: {
      email: searchParams.get("email") ?? "",
      code: sanitizeCode(searchParams.get("code") ?? ""),
      password: "",
    },
  });

  const reset = useMutation({
    mutationFn: (values: ResetPasswordInput) => callRoute(contract.resetPassword, { body: values }),
    onSuccess: (data) => {
      toast({ title: "Password reset", description: data.message });
      queryClient.setQueryData(userQueryKey, null);
      navigate("/login", { replace: true });
    },
    onError: (error) => {
      toast({
        title: "Reset failed",
        description: errorMessage(error, "We could not reset your password. Please try again."),
        variant: "destructive",
      });
    },
  });

  return (
    <AuthShell
      title="Choose a new password"
      description="Enter the 6-digit code we emailed you and your new password. Every device signed in to your account will be signed out."
      footer={
        <p>
          No code? <TextLink to="/forgot-password">Send a new one</TextLink>
        </p>
      }
    >
      <Form {...form}>
        <form noValidate onSubmit={form.handleSubmit((values) => reset.mutate(values))} className="grid gap-5">
          <TextField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
          <TextField
            control={form.control}
            name="code"
            label="Reset code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
          />
          <TextField
            control={form.control}
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
          />
          <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
            {reset.isPending ? "Saving..." : "Reset Password"}
          </Button>
        </form>
      </Form>
    </AuthShell>
  );
}
