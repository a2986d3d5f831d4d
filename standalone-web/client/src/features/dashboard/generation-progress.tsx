import type { WrittenPartView } from "@postwright/core/contracts";
import { Check, Circle, Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/utils";
import { postContentClass } from "./post-content-class";
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
            This usually takes under a minute, and the post shows below as it is written. You can keep this page open
            while it works.
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
      {progress.parts.length > 0 || progress.total ? (
        <PostSoFar parts={progress.parts} total={progress.total} latest={progress.latest} />
      ) : null}
    </section>
  );
}

/** What a part is called where its heading is not known yet (or it has none). */
function partName(index: number, total: number | null, part?: WrittenPartView): string {
  if (part?.kind === "introduction" || (!part && index === 0)) return "Introduction";
  if (part?.heading) return part.heading;
  if (part?.kind === "conclusion" || (!part && total !== null && index === total - 1)) return "Conclusion";
  return `Section ${index}`;
}

/**
 * The post as it is written: the parts so far in reading order (they arrive in the order they finish), with a
 * placeholder for each part still being written once the number of parts is known. Screen readers are told, politely,
 * of each finished part, never of the text itself; nothing takes the focus or scrolls the page, and the box scrolls
 * with the keyboard.
 */
export function PostSoFar({
  parts,
  total,
  latest,
}: {
  parts: WrittenPartView[];
  total: number | null;
  latest: number | null;
}) {
  const byIndex = new Map(parts.map((part) => [part.index, part]));
  const count = total === null ? null : Math.max(total, ...parts.map((part) => part.index + 1));
  const slots = count === null ? parts.map((part) => part.index) : Array.from({ length: count }, (_, i) => i);
  const latestPart = latest === null ? undefined : byIndex.get(latest);
  const written =
    count === null
      ? `${parts.length} ${parts.length === 1 ? "part" : "parts"} written`
      : `${parts.length} of ${count} parts written`;
  const announcement = latestPart ? `${partName(latestPart.index, count, latestPart)} written. ${written}.` : "";
  return (
    <div className="mt-5 border-t border-primary/15 pt-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="post-so-far-title" className="font-semibold text-foreground">
          Your post so far
        </h3>
        <p className="text-xs text-muted-foreground" data-testid="post-so-far-count">
          {written}
        </p>
      </div>
      <p className="text-xs text-muted-foreground">
        Each part shows here as soon as it is written. The review may still polish them before the post is ready.
      </p>
      <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="post-so-far-announcement">
        {announcement}
      </p>
      <section
        aria-labelledby="post-so-far-title"
        // The box scrolls on its own; focusable so that keyboard users can scroll it too.
        tabIndex={0}
        className="mt-3 max-h-[32rem] overflow-y-auto rounded-lg border border-border bg-card p-4 outline-none focus-visible:ring-2 focus-visible:ring-ring sm:p-6"
      >
        <ol className="grid gap-2" aria-busy={count === null || parts.length < count}>
          {slots.map((index) => {
            const part = byIndex.get(index);
            return part ? (
              <li key={index} data-part={index}>
                {/* Sanitised on the server to the post allowlist, as the finished post is. */}
                <div className={postContentClass} dangerouslySetInnerHTML={{ __html: part.html }} />
              </li>
            ) : (
              <li
                key={index}
                data-part={index}
                className="rounded-md border border-dashed border-border bg-muted/40 p-3 text-sm text-muted-foreground"
              >
                <span className="font-medium">{partName(index, count)}</span>: being written...
                <span aria-hidden="true" className="mt-2 grid gap-1.5">
                  <span className="h-2 w-11/12 rounded bg-muted animate-pulse motion-reduce:animate-none" />
                  <span className="h-2 w-9/12 rounded bg-muted animate-pulse motion-reduce:animate-none" />
                </span>
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
