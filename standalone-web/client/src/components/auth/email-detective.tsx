// The "email detective" panel of the verification page: four stages, one every 2 seconds, then it stops and can be
// replayed. People who ask for reduced motion see the finished trail at once, without animation.
import { Check, Inbox, MailSearch, RotateCcw, Send, ShieldCheck, type LucideIcon } from "lucide-react";
import { DETECTIVE_STEP_MS, useDetectiveSteps } from "../../hooks/use-detective-steps";
import { usePrefersReducedMotion } from "../../hooks/use-reduced-motion";
import { cn } from "../../lib/utils";
import { Button } from "../ui/button";

interface DetectiveStep {
  title: string;
  detail: string;
  icon: LucideIcon;
}

const detectiveSteps: readonly DetectiveStep[] = [
  { title: "Code sent", detail: "A 6-digit code is on its way to your inbox.", icon: Send },
  { title: "Checking your inbox", detail: "Look for an email from Postwright.", icon: Inbox },
  { title: "Searching other folders", detail: "Not there yet? Check spam and promotions.", icon: MailSearch },
  { title: "Case closed", detail: "Enter the code here to verify your email.", icon: ShieldCheck },
];

export function EmailDetective({ email }: { email?: string }) {
  const reducedMotion = usePrefersReducedMotion();
  const { step, isDone, replay, runId } = useDetectiveSteps(detectiveSteps.length, DETECTIVE_STEP_MS, {
    skip: reducedMotion,
  });
  const current = detectiveSteps[step] ?? detectiveSteps[0]!;
  const CurrentIcon = current.icon;

  return (
    <section
      aria-labelledby="email-detective-title"
      className="overflow-hidden rounded-xl border border-border bg-card shadow-sm"
    >
      <div className="relative flex items-center gap-4 bg-primary px-6 py-5 text-primary-foreground">
        <div
          key={`${runId}-${step}`}
          className="grid size-14 shrink-0 place-items-center rounded-full bg-white/10 ring-1 ring-white/25 motion-safe:animate-fade-in"
          aria-hidden="true"
        >
          <CurrentIcon className={cn("size-7", !isDone && "motion-safe:animate-pulse")} />
        </div>
        <div className="min-w-0">
          <h2 id="email-detective-title" className="font-display text-lg font-semibold">
            The email detective
          </h2>
          <p className="truncate text-sm text-primary-foreground/80">
            {email ? <>Tracking the code sent to {email}</> : "Tracking your verification code"}
          </p>
        </div>
      </div>

      <ol className="grid gap-1 p-4" aria-label="Verification email progress">
        {detectiveSteps.map((item, index) => {
          // The last stage is "done" once reached: the trail is complete, nothing is in progress.
          const state = index < step || (isDone && index === step) ? "done" : index === step ? "current" : "upcoming";
          return (
            <li
              key={item.title}
              aria-current={index === step ? "step" : undefined}
              data-state={state}
              className={cn(
                "flex items-start gap-3 rounded-lg px-3 py-2.5 transition-colors motion-reduce:transition-none",
                index === step && "bg-secondary",
                state === "upcoming" && "opacity-60",
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  "mt-0.5 grid size-6 shrink-0 place-items-center rounded-full border text-xs font-semibold",
                  state === "done" && "border-primary bg-primary text-primary-foreground",
                  state === "current" && "border-primary text-primary",
                  state === "upcoming" && "border-input text-muted-foreground",
                )}
              >
                {state === "done" ? <Check className="size-3.5" /> : index + 1}
              </span>
              <span className="grid gap-0.5">
                <span className="text-sm font-semibold">
                  {item.title}
                  <span className="sr-only">
                    {state === "done" ? " (done)" : state === "current" ? " (current step)" : ""}
                  </span>
                </span>
                <span className="text-sm text-muted-foreground">{item.detail}</span>
              </span>
            </li>
          );
        })}
      </ol>

      {isDone && !reducedMotion ? (
        <div className="border-t border-border px-4 py-3">
          <Button variant="ghost" size="sm" onClick={replay}>
            <RotateCcw aria-hidden="true" />
            Replay
          </Button>
        </div>
      ) : null}
    </section>
  );
}
