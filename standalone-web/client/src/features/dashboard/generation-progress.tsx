import { Check, Circle, Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/utils";
import { generationStages, type GenerationStage } from "./stream-generate-post";
import type { GenerationProgress as Progress } from "./use-generate-post";

const stageText: Record<GenerationStage, { label: string; detail: string }> = {
  planning: { label: "Planning", detail: "Outlining the post around your title and keywords" },
  writing: { label: "Writing", detail: "Writing each section of the post" },
  reviewing: { label: "Reviewing", detail: "Checking SEO and polishing the draft" },
};

/** "m:ss" of the time since `startedAt`, ticking every second. */
function useElapsed(startedAt: number): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - startedAt) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The generation stepper: which stage is done, which is running, how long it has taken so far. */
export function GenerationProgress({ progress, onCancel }: { progress: Progress; onCancel?: () => void }) {
  const elapsed = useElapsed(progress.startedAt);
  const current = progress.stage ? generationStages.indexOf(progress.stage) : 0;
  const currentText = stageText[generationStages[current] ?? "planning"];
  return (
    <section
      aria-labelledby="generation-progress-title"
      className="rounded-xl border border-primary/25 bg-secondary/60 p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="generation-progress-title" className="font-semibold text-foreground">
            Generating your blog post
          </h2>
          <p className="text-sm text-muted-foreground">
            This usually takes a few minutes. You can keep this page open while it works.
          </p>
        </div>
        <p className="font-mono text-sm tabular-nums text-muted-foreground">
          <span className="sr-only">Elapsed time </span>
          <span data-testid="generation-elapsed">{elapsed}</span>
        </p>
      </div>
      <ol className="mt-4 grid gap-3 sm:grid-cols-3" aria-label="Generation stages">
        {generationStages.map((stage, index) => {
          const state = index < current ? "done" : index === current ? "current" : "pending";
          return (
            <li
              key={stage}
              aria-current={state === "current" ? "step" : undefined}
              className={cn(
                "flex items-start gap-3 rounded-lg border bg-card p-3",
                state === "current" ? "border-primary shadow-sm" : "border-border",
                state === "pending" && "border-dashed bg-card/60",
              )}
            >
              <span
                className={cn(
                  "mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full",
                  state === "done" && "bg-success text-white",
                  state === "current" && "bg-primary text-primary-foreground",
                  state === "pending" && "bg-muted text-muted-foreground",
                )}
                aria-hidden="true"
              >
                {state === "done" ? (
                  <Check className="size-3.5" />
                ) : state === "current" ? (
                  <Loader2 className="size-3.5 animate-spin motion-reduce:animate-none" />
                ) : (
                  <Circle className="size-2.5" />
                )}
              </span>
              <span className="grid gap-0.5">
                <span className="text-sm font-semibold">
                  {index + 1}. {stageText[stage].label}
                  <span className="sr-only">
                    {state === "done" ? " (done)" : state === "current" ? " (in progress)" : " (waiting)"}
                  </span>
                </span>
                <span className="text-xs text-muted-foreground">{stageText[stage].detail}</span>
              </span>
            </li>
          );
        })}
      </ol>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p role="status" aria-live="polite" className="text-sm font-medium text-primary">
          {currentText.label}: {currentText.detail.toLowerCase()}...
        </p>
        {onCancel ? (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </section>
  );
}
