import { zodResolver } from "../lib/zod-resolver";
import { loginSchema, type LoginInput } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import { AuthShell, TextLink } from "../components/auth/auth-shell";
import { Button } from "../components/ui/button";
import { Form } from "../components/ui/form";
import { TextField } from "../components/ui/text-field";
import { userQueryKey } from "../hooks/use-auth";
import { useHydrated } from "../hooks/use-hydrated";
import { usePageTitle } from "../hooks/use-page-title";
import { toast } from "../hooks/use-toast";
import { ApiError, callRoute, errorMessage } from "../lib/api";
import { peekReturnTo } from "../lib/return-to";
import { verifyEmailPath } from "../lib/verification";

export function LoginPage() {
  usePageTitle("Log in");
  const hydrated = useHydrated();
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
      <Form {...form}>
        <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))} className="grid gap-5">
          {/* Enabled once React has taken over the prerendered page (see useHydrated). */}
          <fieldset disabled={!hydrated} className="contents">
            <TextField
              control={form.control}
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
            />
            <TextField
              control={form.control}
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
            />
            <p className="-mt-2 text-right text-sm">
              <TextLink to="/forgot-password">Forgot password?</TextLink>
            </p>
            <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
              {login.isPending ? "Signing in..." : "Sign In"}
            </Button>
          </fieldset>
        </form>
      </Form>
    </AuthShell>
  );
}
