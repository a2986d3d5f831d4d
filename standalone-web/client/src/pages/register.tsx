import { zodResolver } from "../lib/zod-resolver";
import { registerSchema, type RegisterInput } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import { EmailField, PasswordField } from "../components/auth/account-fields";
import { AuthShell, TextLink } from "../components/auth/auth-shell";
import { AuthForm } from "../components/auth/auth-form";
import { TextField } from "../components/ui/text-field";
import { usePageTitle } from "../hooks/use-page-title";
import { toast } from "../hooks/use-toast";
import { callRoute } from "../lib/api";
import { verifyEmailPath } from "../lib/verification";
import { toastFailure } from "../lib/failure-toast";

export function RegisterPage() {
  usePageTitle("Create your account");
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: "", lastName: "", email: "", password: "" },
  });

  const register = useMutation({
    mutationFn: (values: RegisterInput) => callRoute(contract.register, { body: values }),
    onSuccess: (data, values) => {
      toast({
        title: "Registration successful!",
        description:
          data?.emailDelivered === false
            ? "Email delivery is not configured on this site, so your code is shown on the next page."
            : "Please check your email for a verification code.",
      });
      navigate(verifyEmailPath({ email: data?.email ?? values.email, developmentCode: data?.developmentCode }));
    },
    onError: toastFailure("Registration failed", "Failed to create account. Please try again."),
  });

  return (
    <AuthShell
      title="Create your account"
      description="Start with the free plan; paid plans come with a 7-day free trial."
      footer={
        <p>
          Already have an account? <TextLink to="/login">Log in</TextLink>
        </p>
      }
    >
      <AuthForm
        form={form}
        mutation={register}
        submitLabels={{ idle: "Create Account", pending: "Creating account..." }}
        waitForHydration
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField control={form.control} name="firstName" label="First name" autoComplete="given-name" />
          <TextField control={form.control} name="lastName" label="Last name" autoComplete="family-name" />
        </div>
        <EmailField control={form.control} />
        <PasswordField
          control={form.control}
          name="password"
          label="Password"
          purpose="new"
          description={
            <>At least 6 characters, with a lowercase and an uppercase letter, a number and one of @$!%*?&amp;.</>
          }
        />
      </AuthForm>
    </AuthShell>
  );
}
