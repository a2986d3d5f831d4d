import { Check, CheckCircle2, Copy, Loader2, Sparkles } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { toast } from "../../hooks/use-toast";
import { cn } from "../../lib/utils";
import { useTitleSuggestions } from "./use-title-suggestions";

/** How long a copy button shows that it copied. */
export const COPIED_RESET_DELAY = 2000;

export interface TitleSuggestionPanelProps {
  /** The title as typed. */
  title: string;
  /** Applies a suggestion: the new title and the meta description that came with it. */
  onApply: (title: string, metaDescription: string) => void;
}

/** Better titles for the one being typed, with their SEO score; each can be copied or used. */
export function TitleSuggestionPanel({ title, onApply }: TitleSuggestionPanelProps) {
  const { suggestions, isLoading, applied, markApplied } = useTitleSuggestions(title);
  const [copied, setCopied] = useState<number | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  async function copy(text: string, index: number) {
    try {
      if (!navigator.clipboard) throw new Error("No clipboard");
      await navigator.clipboard.writeText(text);
      setCopied(index);
      clearTimeout(resetTimer.current);
      resetTimer.current = setTimeout(() => setCopied(null), COPIED_RESET_DELAY);
      toast({ title: "Copied!", description: "Optimized title copied to clipboard" });
    } catch {
      toast({ title: "Copy failed", description: "Please copy the title manually", variant: "destructive" });
    }
  }

  function use(text: string) {
    markApplied(text);
    onApply(text, suggestions?.metaDescription ?? "");
    toast({ title: "Title applied!", description: "Optimized title has been applied to your blog post" });
  }

  let body = null;
  if (isLoading) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
        Generating optimized title suggestion...
      </p>
    );
  } else if (applied) {
    body = (
      <p className="flex items-center gap-2 text-sm font-medium text-success">
        <CheckCircle2 className="size-4" aria-hidden="true" />
        Title optimized and applied!
      </p>
    );
  } else if (suggestions && suggestions.titles.length > 0) {
    body = (
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex items-center gap-1.5 text-sm font-semibold text-foreground">
            <Sparkles className="size-4 text-primary" aria-hidden="true" />
            Suggested titles
          </p>
          <p
            className="text-xs font-medium text-muted-foreground"
            title="The best title alone: the keyphrase at its start and its width in Google's results. A post's SEO score covers every check."
          >
            Title score: <span className="font-semibold text-foreground">{suggestions.seoScore}/100</span>
          </p>
        </div>
        <ul className="grid gap-2">
          {suggestions.titles.map((text, index) => (
            <li
              key={text}
              className={cn(
                "flex flex-col gap-2 rounded-lg border bg-card p-3 sm:flex-row sm:items-center sm:justify-between",
                index === 0 ? "border-primary/40" : "border-border",
              )}
            >
              <div className="min-w-0">
                <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                  {index === 0 ? "Optimized" : `Variation ${index}`}
                </p>
                <p className="text-sm font-medium break-words">{text}</p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => void copy(text, index)}
                  aria-label={copied === index ? `Copied: ${text}` : `Copy: ${text}`}
                >
                  {copied === index ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                  {copied === index ? "Copied" : "Copy"}
                </Button>
                <Button type="button" size="sm" onClick={() => use(text)} aria-label={`Use This: ${text}`}>
                  Use This
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <div
      aria-live="polite"
      aria-label="Title suggestions"
      role="region"
      className={cn(body && "mt-3 rounded-lg bg-muted/60 p-3")}
    >
      {body}
    </div>
  );
}
