import { zodResolver } from "@hookform/resolvers/zod";
import { registerSchema, type RegisterInput, type RegisterResponse } from "@postwright/core/contracts";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import { AuthShell, TextLink } from "../components/auth/auth-shell";
import { Button } from "../components/ui/button";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "../components/ui/form";
import { Input } from "../components/ui/input";
import { usePageTitle } from "../hooks/use-page-title";
import { toast } from "../hooks/use-toast";
import { apiJson, errorMessage } from "../lib/api";
import { verifyEmailPath } from "../lib/verification";

export function RegisterPage() {
  usePageTitle("Create your account");
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: "", lastName: "", email: "", password: "" },
  });

  const register = useMutation({
    mutationFn: (values: RegisterInput) => apiJson<RegisterResponse>("POST", "/api/auth/register", values),
    onSuccess: (data, values) => {
      toast({ title: "Registration successful!", description: "Please check your email for a verification code." });
      navigate(verifyEmailPath({ email: data?.email ?? values.email, developmentCode: data?.developmentCode }));
    },
    onError: (error) => {
      toast({
        title: "Registration failed",
        description: errorMessage(error, "Failed to create account. Please try again."),
        variant: "destructive",
      });
    },
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
      <Form {...form}>
        <form noValidate onSubmit={form.handleSubmit((values) => register.mutate(values))} className="grid gap-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="firstName"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>First name</FormLabel>
                  <FormControl>
                    <Input autoComplete="given-name" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="lastName"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Last name</FormLabel>
                  <FormControl>
                    <Input autoComplete="family-name" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </div>
          <FormField
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Email</FormLabel>
                <FormControl>
                  <Input type="email" autoComplete="email" placeholder="you@example.com" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="password"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Password</FormLabel>
                <FormControl>
                  <Input type="password" autoComplete="new-password" {...field} />
                </FormControl>
                <FormDescription>
                  At least 6 characters, with a lowercase and an uppercase letter, a number and one of @$!%*?&amp;.
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button type="submit" size="lg" className="w-full" loading={register.isPending}>
            {register.isPending ? "Creating account..." : "Create Account"}
          </Button>
        </form>
      </Form>
    </AuthShell>
  );
}
