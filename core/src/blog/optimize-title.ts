// Title suggestions for the title field. The panel shows at most three (the optimised title first, then the
// variations), so the answer carries exactly what it shows.
import type { OptimizeTitleInput, OptimizeTitleResponse } from "../contracts/blog.ts";
import type { Writer } from "../ai/index.ts";
import { countTitleSuggestion } from "../billing/count-title-suggestion.ts";
import type { Prisma } from "../db/client.ts";

export const MAX_TITLE_SUGGESTIONS = 3;

export async function optimizeTitle(
  { writer }: { writer: Writer },
  input: OptimizeTitleInput,
  options: { signal?: AbortSignal } = {},
): Promise<OptimizeTitleResponse> {
  const result = await writer.optimizeTitle(input, options);
  const seen = new Set([result.optimizedTitle.toLowerCase()]);
  const titleVariations = result.titleVariations.filter((title) => {
    const key = title.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return {
    optimizedTitle: result.optimizedTitle,
    titleVariations: titleVariations.slice(0, MAX_TITLE_SUGGESTIONS - 1),
    seoScore: Math.min(100, Math.max(0, Math.round(result.seoScore))),
    metaDescription: result.metaDescription,
  };
}

/**
 * Title suggestions for an account, on every surface: counted against the plan's monthly allowance (429 once it is
 * used up), then asked of the writer.
 */
export async function suggestTitles(
  deps: { prisma: Prisma; writer: Writer },
  userId: number,
  input: OptimizeTitleInput,
  options: { signal?: AbortSignal } = {},
): Promise<OptimizeTitleResponse> {
  await countTitleSuggestion({ prisma: deps.prisma }, userId);
  return optimizeTitle({ writer: deps.writer }, input, options);
}
