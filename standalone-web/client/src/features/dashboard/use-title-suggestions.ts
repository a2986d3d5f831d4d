import type { OptimizeTitleResponse } from "@postwright/core/contracts";
import { useEffect, useRef, useState } from "react";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { callRoute } from "../../lib/api";

/** Quiet time after the last keystroke before suggestions are asked for (the product's 1.5 s). */
export const TITLE_SUGGESTION_DELAY = 1500;
/** Titles of this length or shorter get no suggestions. */
export const MIN_TITLE_LENGTH = 3;
/** Suggestions shown: the optimised title, then variations. */
export const MAX_SUGGESTIONS = 3;

export interface TitleSuggestions {
  titles: string[];
  seoScore: number;
  metaDescription: string;
}

function toSuggestions(response: OptimizeTitleResponse): TitleSuggestions {
  const titles = [response.optimizedTitle, ...(response.titleVariations ?? [])]
    .map((t) => t?.trim())
    .filter((t): t is string => Boolean(t));
  return {
    titles: [...new Set(titles)].slice(0, MAX_SUGGESTIONS),
    seoScore: Math.round(response.seoScore),
    metaDescription: response.metaDescription ?? "",
  };
}

/**
 * Asks for better titles once the title has stopped changing for 1.5 s, when it is longer than 3 characters and is
 * neither the title last asked about nor a suggestion already applied. Failures are ignored: the panel is a bonus.
 */
export function useTitleSuggestions(title: string) {
  const [suggestions, setSuggestions] = useState<TitleSuggestions | null>(null);
  const [isLoading, setLoading] = useState(false);
  const [applied, setApplied] = useState<string | null>(null);
  const lastRequested = useRef<string | null>(null);
  const latest = useRef(0);

  const wanted = title.trim();
  useEffect(() => {
    if (wanted.length <= MIN_TITLE_LENGTH || wanted === lastRequested.current || wanted === applied) return;
    const timer = setTimeout(() => {
      lastRequested.current = wanted;
      const request = ++latest.current;
      setLoading(true);
      callRoute(contract.suggestTitles, { body: { originalTitle: wanted, keywords: [] } })
        .then((response) => {
          if (request !== latest.current || !response) return;
          setSuggestions(toSuggestions(response));
        })
        .catch(() => {
          // Suggestions are optional; a failure leaves the title as typed.
        })
        .finally(() => {
          if (request === latest.current) setLoading(false);
        });
    }, TITLE_SUGGESTION_DELAY);
    return () => clearTimeout(timer);
  }, [wanted, applied]);

  return {
    suggestions: wanted.length > MIN_TITLE_LENGTH ? suggestions : null,
    isLoading,
    /** The applied suggestion, while it is still the title. */
    applied: applied !== null && applied === wanted ? applied : null,
    markApplied: (suggestion: string) => {
      // An answer still on its way is about a title that is being replaced.
      latest.current += 1;
      setLoading(false);
      setApplied(suggestion.trim());
    },
  };
}
