import { zodResolver } from "../lib/zod-resolver";
import { resendVerificationSchema, verifyEmailSchema, type VerifyEmailInput } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router-dom";
import { EmailField } from "../components/auth/account-fields";
import { AuthForm } from "../components/auth/auth-form";
import { AuthShell, TextLink } from "../components/auth/auth-shell";
import { EmailDetective } from "../components/auth/email-detective";
import { Button } from "../components/ui/button";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "../components/ui/form";
import { Input } from "../components/ui/input";
import { userQueryKey } from "../hooks/use-auth";
import { usePageTitle } from "../hooks/use-page-title";
import { toast } from "../hooks/use-toast";
import { callRoute, routeQuery } from "../lib/api";
import { peekReturnTo } from "../lib/return-to";
import { CODE_LENGTH, sanitizeCode } from "../lib/verification";
import { browserTimeZone } from "../features/autopilot/plan-format";
import { toastFailure } from "../lib/failure-toast";

export function VerifyEmailPage() {
  usePageTitle("Verify your email");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [developmentCode, setDevelopmentCode] = useState(() => sanitizeCode(searchParams.get("code") ?? ""));
  const form = useForm({
    resolver: zodResolver(verifyEmailSchema),
    defaultValues: { email: searchParams.get("email") ?? "", code: developmentCode },
  });
  const email = form.watch("email");
  // Whether this site emails codes: without a mail server (development mode) they are shown on this page instead.
  const delivery = useQuery({ ...routeQuery(contract.getVerificationDelivery), staleTime: Infinity });
  // A code handed to the page is one no email carried.
  const emailDelivered = developmentCode ? false : delivery.data?.emailDelivered;
  const at = email ? (
    <>
      {" "}
      at <span className="font-medium text-foreground">{email}</span>
    </>
  ) : null;

  const verify = useMutation({
    mutationFn: (values: VerifyEmailInput) => callRoute(contract.verifyEmail, { body: values }),
    onSuccess: (user) => {
      toast({ title: "Email verified!", description: "Your account is ready. Welcome to Postwright." });
      // The remembered page (the WordPress plugin's approval, for example), which the member routes' answer to this
      // sign-in page also leads to, whichever renders first; the page forgets it once reached.
      queryClient.setQueryData(userQueryKey, user);
      navigate(peekReturnTo());
    },
    onError: toastFailure("Verification failed", "Invalid verification code. Please try again."),
  });

  const resend = useMutation({
    mutationFn: (address: string) => callRoute(contract.resendVerification, { body: { email: address } }),
    onSuccess: (data, address) => {
      toast({
        title: data?.emailDelivered === false ? "New code ready" : "Code sent!",
        description: data?.message || `We sent a new verification code to ${address}.`,
      });
      if (data?.developmentCode) {
        const code = sanitizeCode(data.developmentCode);
        setDevelopmentCode(code);
        form.setValue("code", code, { shouldValidate: form.formState.isSubmitted });
      }
    },
    onError: toastFailure("Failed to send code", "Failed to resend verification code. Please try again."),
  });

  function requestNewCode() {
    const parsed = resendVerificationSchema.safeParse({ email: form.getValues("email") });
    if (parsed.success) {
      resend.mutate(parsed.data.email);
      return;
    }
    const message = parsed.error.issues[0]?.message ?? "Invalid email address";
    const [title, description] = message.includes(": ") ? message.split(": ", 2) : ["Invalid email address", message];
    toast({ title, description, variant: "destructive" });
    form.setFocus("email");
  }

  return (
    <AuthShell
      title="Verify your email"
      description={
        emailDelivered === false ? (
          <>
            Email delivery is not configured on this site (development mode), so no email is sent:{" "}
            {developmentCode ? "your 6-digit code is shown below." : "request a new code below and it is shown here."}
          </>
        ) : (
          <>
            Enter the 6-digit code we emailed you
            {at}.
          </>
        )
      }
      footer={<TextLink to="/login">Back to login</TextLink>}
      aside={<EmailDetective email={email || undefined} />}
    >
      {developmentCode ? (
        <div
          role="note"
          aria-label="Development Code"
          className="mb-5 flex gap-3 rounded-lg border border-accent bg-warning-soft p-4 text-sm"
        >
          <KeyRound className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
          <div className="grid gap-1">
            <p className="font-semibold text-foreground">Development Code</p>
            <p className="text-muted-foreground">
              Email delivery is not configured, so your code is shown here and filled in below:{" "}
              <span className="font-mono text-base font-semibold tracking-[0.2em] text-foreground">
                {developmentCode}
              </span>
            </p>
          </div>
        </div>
      ) : null}
      <AuthForm
        form={form}
        mutation={{
          // The new account starts in this browser's time zone (changed on the account page).
          mutate: (values) => verify.mutate({ ...values, timeZone: browserTimeZone() }),
          isPending: verify.isPending,
        }}
        submitLabels={{ idle: "Verify Email", pending: "Verifying..." }}
      >
        <EmailField control={form.control} />
        <FormField
          control={form.control}
          name="code"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Verification code</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  onChange={(event) => field.onChange(sanitizeCode(event.target.value))}
                  // The browser cuts a paste to maxLength before stripping could help ("123 456" would lose a
                  // digit), so a paste is cleaned whole.
                  onPaste={(event) => {
                    event.preventDefault();
                    field.onChange(sanitizeCode(event.clipboardData.getData("text")));
                  }}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={CODE_LENGTH}
                  pattern="[0-9]*"
                  placeholder="000000"
                  className="h-12 text-center font-mono text-xl tracking-[0.5em] sm:text-xl"
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      </AuthForm>
      <p className="mt-5 text-center text-sm text-muted-foreground">
        Didn&apos;t get the code?{" "}
        <Button
          variant="link"
          size="sm"
          className="h-auto p-0 font-semibold"
          onClick={requestNewCode}
          loading={resend.isPending}
        >
          {resend.isPending ? "Sending..." : "Resend code"}
        </Button>
      </p>
    </AuthShell>
  );
}
