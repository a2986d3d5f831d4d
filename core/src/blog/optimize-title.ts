// Title suggestions for the title field. The panel shows at most three (the optimised title first, then the
// variations), so the answer carries exactly what it shows.
import type { OptimizeTitleInput, OptimizeTitleResponse } from "../contracts/blog.ts";
import type { Writer } from "../ai/index.ts";

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
