// Title suggestions from the model: one optimised title and up to three variations, re-ranked by the SEO title
// score so that the best-scoring one is offered first, with a meta description to go with them.
import type { OptimizeTitleInput, OptimizeTitleResponse } from "../../contracts/blog.ts";
import type { Logger } from "../../logger.ts";
import { scoreTitle } from "../../seo/index.ts";
import { fitMetaDescription } from "../brief.ts";
import { Deadline } from "../deadline.ts";
import { keyphraseFromTitle } from "../offline/optimize-title.ts";
import { cleanHeading } from "../post-document.ts";
import { type AiProvider, emptyUsage } from "../provider.ts";
import { titlePrompt, titleSystemPrompt } from "./prompt.ts";
import { titleSuggestionsSchema } from "./schema.ts";

export interface TitleOptimizerDeps {
  provider: AiProvider;
  logger: Logger;
  deadlineMs: number;
  now?: () => Date;
}

export async function optimizeTitleWithModel(
  deps: TitleOptimizerDeps,
  input: OptimizeTitleInput,
  options: { signal?: AbortSignal } = {},
): Promise<OptimizeTitleResponse> {
  const deadline = new Deadline(deps.deadlineMs, options.signal);
  const usage = emptyUsage();
  try {
    const year = (deps.now?.() ?? new Date()).getFullYear();
    const suggestions = await deps.provider.generateObject(
      {
        name: "title_suggestions",
        schema: titleSuggestionsSchema,
        system: titleSystemPrompt,
        user: titlePrompt(input, year),
        maxTokens: 500,
        temperature: 0.7,
      },
      { signal: deadline.signal, deadline, usage },
    );
    const keyphrase =
      input.keywords.map((k) => k.trim()).find(Boolean) ??
      (cleanHeading(suggestions.focusKeyphrase) || keyphraseFromTitle(input.originalTitle));

    const seen = new Set<string>();
    const cleaned = [suggestions.optimizedTitle, ...suggestions.variations]
      .map((title) => cleanHeading(title).replace(/^["“']+|["”']+$/g, ""))
      .filter((title) => {
        const key = title.toLowerCase();
        if (!title || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    // A title no person would write is left out while others remain: the keyphrase glued in front of the original
    // title, or a second colon ("Pour-over Coffee: Pour-over vs French press: which suits you?").
    const glued = `${keyphrase}: ${input.originalTitle.trim()}`.toLowerCase().replace(/\s+/g, " ");
    const unnatural = (title: string) =>
      title.split(":").length > 2 || title.toLowerCase().replace(/\s+/g, " ") === glued;
    const natural = cleaned.filter((title) => !unnatural(title));
    const titles = (natural.length > 0 ? natural : cleaned)
      .map((title, order) => ({ title, order, score: scoreTitle(title, keyphrase) }))
      .sort((a, b) => b.score - a.score || a.order - b.order);
    const [best, ...others] = titles;
    const optimizedTitle = best?.title ?? input.originalTitle;
    deps.logger.debug({ usage, keyphrase }, "title suggestions written");
    return {
      optimizedTitle,
      titleVariations: others.slice(0, 3).map((t) => t.title),
      seoScore: best?.score ?? scoreTitle(optimizedTitle, keyphrase),
      metaDescription: fitMetaDescription(suggestions.metaDescription),
    };
  } finally {
    deadline.dispose();
  }
}
