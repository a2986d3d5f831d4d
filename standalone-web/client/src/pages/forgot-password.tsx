// A forgotten password, step one: the email to send a reset code to. The answer is the same whether or not an
// account uses the email; the next page takes the code.
import { zodResolver } from "../lib/zod-resolver";
import { forgotPasswordSchema, type ForgotPasswordInput } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import { EmailField } from "../components/auth/account-fields";
import { AuthForm } from "../components/auth/auth-form";
import { AuthShell, TextLink } from "../components/auth/auth-shell";
import { usePageTitle } from "../hooks/use-page-title";
import { toast } from "../hooks/use-toast";
import { callRoute } from "../lib/api";
import { toastFailure } from "../lib/failure-toast";

export function ForgotPasswordPage() {
  usePageTitle("Forgot password");
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });

  const send = useMutation({
    mutationFn: (values: ForgotPasswordInput) => callRoute(contract.forgotPassword, { body: values }),
    onSuccess: (data, values) => {
      toast({ title: "Check your email", description: data.message });
      navigate(`/reset-password?email=${encodeURIComponent(values.email)}`);
    },
    onError: toastFailure("Error", "We could not send the code. Please try again."),
  });

  return (
    <AuthShell
      title="Forgot your password?"
      description="Enter the email of your account and we will send you a code to choose a new password."
      footer={
        <p>
          Remembered it? <TextLink to="/login">Back to login</TextLink>
        </p>
      }
    >
      <AuthForm form={form} mutation={send} submitLabels={{ idle: "Send Reset Code", pending: "Sending..." }}>
        <EmailField control={form.control} />
      </AuthForm>
    </AuthShell>
  );
}
