import type { PlanView } from "@postwright/core/contracts";
import { ArrowRight, CalendarClock, PenLine, Search, Send, ShieldCheck, Sparkles, type LucideIcon } from "lucide-react";
import { Link } from "react-router-dom";
import { PublicLayout } from "../components/layout/page-layout";
import { PRICING_SECTION_ID } from "../components/layout/public-header";
import { PlanGrid } from "../components/pricing/plan-grid";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { usePageTitle } from "../hooks/use-page-title";
import { isContactSalesPlan } from "../lib/pricing";

const features: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: "AI-written content",
    text: "A complete post from a title and a few keywords, with your company name, links and images worked in.",
    icon: Sparkles,
  },
  {
    title: "SEO optimised",
    text: "Keyword placement, a meta description and an SEO score out of 100 for every post, before you publish.",
    icon: Search,
  },
  {
    title: "Direct publishing",
    text: "Send posts straight to your Shopify blog or WordPress site, now or on a schedule you choose.",
    icon: Send,
  },
  {
    title: "Secure",
    text: "Store access tokens and application passwords are encrypted, and your drafts stay private to your account.",
    icon: ShieldCheck,
  },
];

const steps: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: "Describe the post",
    text: "Enter a title and target keywords, plus any links, images or SEO notes.",
    icon: PenLine,
  },
  {
    title: "Review and edit",
    text: "Read the draft with its SEO score and polish it in the built-in editor.",
    icon: Sparkles,
  },
  {
    title: "Publish or schedule",
    text: "Publish to Shopify or WordPress at once, or pick a date and time.",
    icon: CalendarClock,
  },
];

function scrollToPricing() {
  const section = document.getElementById(PRICING_SECTION_ID);
  section?.scrollIntoView({ behavior: "smooth", block: "start" });
  section?.focus({ preventScroll: true });
}

export function LandingPage() {
  usePageTitle();
  return (
    <PublicLayout>
      <Hero />
      <Features />
      <HowItWorks />
      <PricingSection />
      <EnterpriseCallToAction />
    </PublicLayout>
  );
}

function Hero() {
  return (
    <section className="relative overflow-hidden border-b border-border bg-[radial-gradient(ellipse_80%_60%_at_70%_0%,var(--color-secondary),transparent)]">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <Badge variant="outline" className="bg-card px-3 py-1 text-sm font-medium">
            AI blog creation for Shopify and WordPress
          </Badge>
          <h1 className="mt-6 font-display text-4xl font-semibold leading-[1.1] tracking-tight sm:text-5xl lg:text-6xl">
            Blog posts that bring shoppers to your store
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted-foreground">
            Give Postwright a title and a few keywords. In about 5 minutes you have an SEO-optimised post to edit and
            publish to Shopify or WordPress, right away or on a schedule.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/register">
                Start your free trial
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button size="lg" variant="outline" onClick={scrollToPricing}>
              See pricing
            </Button>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            7-day free trial on paid plans. Or start on the free plan, no card needed.
          </p>
        </div>
        <PostPreview />
      </div>
    </section>
  );
}

/** An illustration of a generated post, drawn in HTML so it stays sharp and light. */
function PostPreview() {
  return (
    <div
      role="img"
      aria-label="Example of a generated blog post with an SEO score of 92, ready to publish to Shopify"
      className="relative mx-auto w-full max-w-md"
    >
      <div className="absolute -inset-4 -z-10 rounded-3xl bg-accent/25 blur-2xl" />
      <div className="rounded-2xl border border-border bg-card shadow-xl">
        <div className="flex items-center justify-between border-b border-border px-5 py-3">
          <span className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">Blog preview</span>
          <Badge variant="success">Published</Badge>
        </div>
        <div className="grid gap-4 p-5">
          <p className="font-display text-xl font-semibold leading-snug">
            How to Care for Linen: 7 Tips That Keep It Soft for Years
          </p>
          <p className="text-sm leading-relaxed text-muted-foreground">
            Linen gets better with every wash, if you treat it right. Here is how to wash, dry and store your favourite
            pieces so they last.
          </p>
          <div className="flex flex-wrap gap-1.5">
            {["linen care", "washing linen", "sustainable fabrics"].map((keyword) => (
              <Badge key={keyword} variant="secondary">
                {keyword}
              </Badge>
            ))}
          </div>
          <div className="grid grid-cols-3 gap-3 rounded-xl bg-muted p-3 text-center">
            <Stat value="92" label="SEO score" accent />
            <Stat value="1,180" label="words" />
            <Stat value="~6 min" label="read" />
          </div>
          <div className="flex gap-2">
            <span className="inline-flex h-9 flex-1 items-center justify-center gap-2 rounded-md bg-primary text-sm font-semibold text-primary-foreground">
              <Send className="size-4" />
              Publish to Shopify
            </span>
            <span className="inline-flex h-9 items-center justify-center gap-2 rounded-md border border-input px-3 text-sm font-semibold">
              <CalendarClock className="size-4" />
              Schedule
            </span>
          </div>
        </div>
      </div>
    </div>
  );
}

function Stat({ value, label, accent = false }: { value: string; label: string; accent?: boolean }) {
  return (
    <div>
      <p className={accent ? "text-lg font-bold text-success" : "text-lg font-bold"}>{value}</p>
      <p className="text-xs text-muted-foreground">{label}</p>
    </div>
  );
}

function SectionHeading({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-lg text-muted-foreground">{text}</p>
    </div>
  );
}

function Features() {
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <SectionHeading
        id="features-title"
        title="Everything you need to keep your blog busy"
        text="Postwright handles the writing and the SEO basics, so your store gets fresh, findable posts every week."
      />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {features.map(({ title, text, icon: Icon }) => (
          <li key={title} className="rounded-xl border border-border bg-card p-6 shadow-sm">
            <span className="grid size-11 place-items-center rounded-lg bg-secondary text-primary" aria-hidden="true">
              <Icon className="size-5" />
            </span>
            <h3 className="mt-5 text-base font-semibold">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="border-y border-border bg-card">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <SectionHeading
          id="how-title"
          title="From idea to published post in three steps"
          text="No prompts to engineer and no copy-pasting between tabs."
        />
        <ol className="mt-12 grid gap-8 md:grid-cols-3">
          {steps.map(({ title, text, icon: Icon }, index) => (
            <li key={title} className="relative flex gap-4">
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary font-semibold text-primary-foreground">
                <span className="sr-only">Step </span>
                {index + 1}
              </span>
              <div>
                <h3 className="flex items-center gap-2 font-semibold">
                  {title}
                  <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
                </h3>
                <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function PricingSection() {
  const renderAction = (plan: PlanView) =>
    isContactSalesPlan(plan.name) ? (
      <Button asChild variant="outline" className="w-full">
        <Link to="/contact">Contact Sales</Link>
      </Button>
    ) : (
      <Button asChild variant={plan.price === 0 ? "outline" : "default"} className="w-full">
        <Link to="/register">{plan.price === 0 ? "Get Started" : "Start Free Trial"}</Link>
      </Button>
    );
  return (
    <section
      id={PRICING_SECTION_ID}
      tabIndex={-1}
      aria-labelledby="pricing-title"
      className="mx-auto max-w-6xl scroll-mt-20 px-4 py-20 outline-none sm:px-6"
    >
      <SectionHeading
        id="pricing-title"
        title="Simple, transparent pricing"
        text="Start free, upgrade when you publish more. Every paid plan begins with a 7-day free trial."
      />
      <div className="mt-12">
        <PlanGrid interval="month" renderAction={renderAction} />
      </div>
      <p className="mt-8 text-center text-sm text-muted-foreground">
        Prefer to pay yearly?{" "}
        <Link to="/pricing" className="font-semibold text-primary underline-offset-4 hover:underline">
          See yearly prices and save 20%
        </Link>
      </p>
    </section>
  );
}

function EnterpriseCallToAction() {
  return (
    <section aria-labelledby="enterprise-title" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
      <div className="flex flex-col items-start gap-6 rounded-2xl bg-primary px-8 py-12 text-primary-foreground md:flex-row md:items-center md:justify-between md:px-12">
        <div className="max-w-2xl">
          <h2 id="enterprise-title" className="font-display text-3xl font-semibold tracking-tight">
            Publishing at scale?
          </h2>
          <p className="mt-3 text-primary-foreground/85">
            Enterprise brings unlimited generation, custom integrations, dedicated support, analytics, white-label and
            an SLA. Tell us what you need.
          </p>
        </div>
        <Button asChild size="lg" variant="accent">
          <Link to="/contact">
            Contact Sales
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
