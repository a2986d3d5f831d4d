import { zodResolver } from "../lib/zod-resolver";
import { contactSchema, type ContactInput } from "@postwright/core/contracts";
import { siteApiContract } from "@postwright/core/contracts/site-api";
import { useMutation } from "@tanstack/react-query";
import { Clock, Mail, MessageSquare } from "lucide-react";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { SiteLayout } from "../components/layout/page-layout";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "../components/ui/form";
import { TextField } from "../components/ui/text-field";
import { Textarea } from "../components/ui/textarea";
import { useAuth } from "../hooks/use-auth";
import { useHydrated } from "../hooks/use-hydrated";
import { usePageTitle } from "../hooks/use-page-title";
import { toast } from "../hooks/use-toast";
import { ApiError, callRoute, errorMessage } from "../lib/api";

const emptyForm = { name: "", email: "", company: "", phone: "", subject: "", message: "" };

function useContactForm(defaults: Partial<typeof emptyForm> = {}) {
  return useForm({ resolver: zodResolver(contactSchema), defaultValues: { ...emptyForm, ...defaults } });
}

export function ContactPage() {
  usePageTitle("Contact Us");
  const hydrated = useHydrated();
  const { user } = useAuth();
  // A member's name and email are known already.
  const known = {
    name: [user?.firstName, user?.lastName].filter(Boolean).join(" "),
    email: user?.email ?? "",
  };
  const form = useContactForm(known);

  const send = useMutation({
    mutationFn: (values: ContactInput) => callRoute(siteApiContract.submitContactMessage, { body: values }),
    onSuccess: (data) => {
      toast({
        title: "Message sent!",
        description: data.message || "Thank you for contacting us. We'll get back to you within 24 hours.",
      });
      form.reset({ ...emptyForm, ...known });
    },
    onError: (error) => {
      const fallback = "Failed to send message. Please try again or email us directly.";
      toast({
        title: "Error",
        // Too many messages: the server says when to try again.
        description: error instanceof ApiError && error.status === 429 ? errorMessage(error, fallback) : fallback,
        variant: "destructive",
      });
    },
  });

  return (
    <SiteLayout>
      <section className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1fr_1.4fr]">
        <div>
          <h1 className="font-display text-4xl font-semibold tracking-tight sm:text-5xl">Contact Us</h1>
          <p className="mt-4 text-lg text-muted-foreground">
            Questions about Postwright, an Enterprise plan or a custom integration? Send us a message.
          </p>
          <ul className="mt-8 grid gap-5">
            <ContactPoint icon={<Clock />} title="Quick replies">
              We answer every message within 24 hours.
            </ContactPoint>
            <ContactPoint icon={<MessageSquare />} title="Sales and Enterprise">
              Unlimited generation, custom integrations, dedicated support, analytics, white-label and an SLA.
            </ContactPoint>
            <ContactPoint icon={<Mail />} title="Support">
              Tell us your account email and what you were doing, and we&apos;ll take it from there.
            </ContactPoint>
          </ul>
        </div>

        <Card>
          <CardContent className="p-6 sm:p-8">
            <Form {...form}>
              <form noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))} className="grid gap-5">
                {/* Enabled once React has taken over the prerendered page (see useHydrated). */}
                <fieldset disabled={!hydrated} className="contents">
                  <div className="grid gap-5 sm:grid-cols-2">
                    <TextField control={form.control} name="name" label="Name" autoComplete="name" />
                    <TextField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
                    <TextField control={form.control} name="company" label="Company" autoComplete="organization" />
                    <TextField
                      control={form.control}
                      name="phone"
                      label={
                        <>
                          Phone<span className="font-normal text-muted-foreground"> (optional)</span>
                        </>
                      }
                      type="tel"
                      autoComplete="tel"
                    />
                  </div>
                  <TextField control={form.control} name="subject" label="Subject" />
                  <FormField
                    control={form.control}
                    name="message"
                    render={({ field }) => (
                      <FormItem>
                        <FormLabel>Message</FormLabel>
                        <FormControl>
                          <Textarea rows={6} {...field} />
                        </FormControl>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                  <Button
                    type="submit"
                    size="lg"
                    className="w-full sm:w-auto sm:justify-self-start"
                    loading={send.isPending}
                  >
                    {send.isPending ? "Sending..." : "Send Message"}
                  </Button>
                </fieldset>
              </form>
            </Form>
          </CardContent>
        </Card>
      </section>
    </SiteLayout>
  );
}

function ContactPoint({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span
        className="grid size-10 shrink-0 place-items-center rounded-lg bg-secondary text-primary [&_svg]:size-5"
        aria-hidden="true"
      >
        {icon}
      </span>
      <span>
        <span className="block font-semibold">{title}</span>
        <span className="block text-sm text-muted-foreground">{children}</span>
      </span>
    </li>
  );
}
