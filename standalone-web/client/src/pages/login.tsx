import { zodResolver } from "../lib/zod-resolver";
import { loginSchema, type LoginInput } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import { EmailField, PasswordField } from "../components/auth/account-fields";
import { AuthShell, TextLink } from "../components/auth/auth-shell";
import { AuthForm } from "../components/auth/auth-form";
import { userQueryKey } from "../hooks/use-auth";
import { usePageTitle } from "../hooks/use-page-title";
import { toast } from "../hooks/use-toast";
import { ApiError, callRoute, errorMessage } from "../lib/api";
import { peekReturnTo } from "../lib/return-to";
import { verifyEmailPath } from "../lib/verification";

export function LoginPage() {
  usePageTitle("Log in");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });

  const login = useMutation({
    mutationFn: (values: LoginInput) => callRoute(contract.login, { body: values }),
    onSuccess: (user) => {
      toast({ title: "Success", description: "Logged in successfully!" });
      // The remembered page (the WordPress plugin's approval, for example), which the member routes' answer to this
      // sign-in page also leads to, whichever renders first; the page forgets it once reached.
      queryClient.setQueryData(userQueryKey, user);
      navigate(peekReturnTo());
    },
    onError: (error, values) => {
      toast({ title: "Error", description: errorMessage(error, "Login failed"), variant: "destructive" });
      // 403: the account exists but its email is not verified yet; the code is entered (or re-sent) there.
      if (error instanceof ApiError && error.status === 403) navigate(verifyEmailPath({ email: values.email }));
    },
  });

  return (
    <AuthShell
      title="Welcome back"
      description="Log in to write, schedule and publish your blog posts."
      footer={
        <p>
          Don&apos;t have an account? <TextLink to="/register">Create one</TextLink>
        </p>
      }
    >
      <AuthForm
        form={form}
        mutation={login}
        submitLabels={{ idle: "Sign In", pending: "Signing in..." }}
        waitForHydration
      >
        <EmailField control={form.control} />
        <PasswordField control={form.control} name="password" label="Password" purpose="current" />
        <p className="-mt-2 text-right text-sm">
          <TextLink to="/forgot-password">Forgot password?</TextLink>
        </p>
      </AuthForm>
    </AuthShell>
  );
}
