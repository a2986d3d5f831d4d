// A forgotten password, step two: the emailed code (pre-filled when the mail's link was followed) and a new password.
// Every session of the account ends; the person then signs in with the new password.
import { zodResolver } from "../lib/zod-resolver";
import { resetPasswordSchema, type ResetPasswordInput } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router-dom";
import { CodeField, PasswordField } from "../components/auth/account-fields";
import { AuthForm } from "../components/auth/auth-form";
import { AuthShell, TextLink } from "../components/auth/auth-shell";
import { TextField } from "../components/ui/text-field";
import { userQueryKey } from "../hooks/use-auth";
import { usePageTitle } from "../hooks/use-page-title";
import { toast } from "../hooks/use-toast";
import { callRoute } from "../lib/api";
import { sanitizeCode } from "../lib/verification";
import { toastFailure } from "../lib/failure-toast";

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
    onError: toastFailure("Reset failed", "We could not reset your password. Please try again."),
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
      <AuthForm form={form} mutation={reset} submitLabels={{ idle: "Reset Password", pending: "Saving..." }}>
        <TextField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
        <CodeField control={form.control} name="code" label="Reset code" />
        <PasswordField control={form.control} name="password" label="New password" purpose="new" />
      </AuthForm>
    </AuthShell>
  );
}
