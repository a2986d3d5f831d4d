// "Ask for ideas": post titles with keywords for a plan, from the writer (the model, or the offline ideas), drawing on
// the owner's niche and what their connected site sells (its indexed products and collections). Ideas that cover a
// topic the owner already has (a post, a title of one of their plans, an article or post of their site) are left out;
// for the others, the closest existing one is named with its keyword overlap when there is one worth knowing, so two
// posts do not end up competing for the same search. Each request counts as a title suggestion of the plan's monthly
// allowance (it is a model call of the same size).
import type { z } from "zod";
import { suggestIdeasOffline, type PostIdea, type Writer } from "../ai/index.ts";
import { countTitleSuggestion } from "../billing/count-title-suggestion.ts";
import type { PlanIdeasResponse } from "../contracts/autopilot.ts";
import { planIdeasSchema } from "../contracts/autopilot-requests.ts";
import type { Prisma } from "../db/index.ts";
import { notFound, parseInput } from "../errors/index.ts";
import { readSiteLinks } from "../site-index/index.ts";
import { contentPlanMessages } from "./content-plans.ts";

/** Ideas overlapping an existing topic this much or more are left out; from OVERLAP_SHOWN up, the overlap is shown. */
export { planIdeasSchema } from "../contracts/autopilot-requests.ts";

export const OVERLAP_EXCLUDED = 0.5;
export const OVERLAP_SHOWN = 0.2;

const STOP_WORDS = new Set(
  "a an and are as at be by for from how in is it its of on or our the this to what when why with your you vs do does can".split(
    " ",
  ),
);

/** The words of a topic, lowercased, without stop words, plural "s" dropped, so "Soy Candles" and "soy candle" match. */
export function topicWords(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
      .map((word) => (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word)),
  );
}

/** How much two topics share: the words in both over the words in either (Jaccard, 0 to 1). */
export function topicOverlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}

export async function suggestPlanIdeas(
  deps: { prisma: Prisma; writer: Writer },
  userId: number,
  planId: number,
  input: z.input<typeof planIdeasSchema>,
  options: { signal?: AbortSignal } = {},
): Promise<PlanIdeasResponse> {
  const { niche, count } = parseInput(planIdeasSchema, input);
  const { prisma } = deps;
  const plan = await prisma.contentPlan.findFirst({ where: { id: planId, userId }, select: { id: true } });
  if (!plan) throw notFound(contentPlanMessages.notFound);
  await countTitleSuggestion({ prisma }, userId);

  const [site, posts, planned] = await Promise.all([
    readSiteLinks(prisma, userId),
    prisma.blogPost.findMany({
      where: { userId },
      select: { title: true, keywords: true },
      orderBy: { id: "desc" },
      take: 500,
    }),
    prisma.contentPlanItem.findMany({
      where: { plan: { userId }, status: { notIn: ["skipped", "failed"] } },
      select: { title: true, keywords: true },
      take: 1000,
    }),
  ]);
  const offerings = site.filter((page) => page.kind === "product" || page.kind === "collection").map((p) => p.title);
  const existing = [
    ...posts.map((post) => ({ title: post.title, words: topicWords(`${post.title} ${post.keywords.join(" ")}`) })),
    ...planned.map((item) => ({ title: item.title, words: topicWords(`${item.title} ${item.keywords.join(" ")}`) })),
    ...site
      .filter((page) => page.kind === "article" || page.kind === "post")
      .map((page) => ({ title: page.title, words: topicWords(page.title) })),
  ];

  const request = { niche, count, offerings, existing: existing.map((topic) => topic.title) };
  const proposed: PostIdea[] = deps.writer.suggestIdeas
    ? await deps.writer.suggestIdeas(request, options)
    : suggestIdeasOffline(request);

  const seen = new Set<string>();
  const ideas: PlanIdeasResponse["ideas"] = [];
  let excluded = 0;
  for (const idea of proposed) {
    const key = idea.title.trim().toLowerCase();
    if (!key || seen.has(key) || idea.keywords.length === 0) continue;
    seen.add(key);
    const words = topicWords(`${idea.title} ${idea.keywords.join(" ")}`);
    let closest: { title: string; overlap: number } | undefined;
    for (const topic of existing) {
      const overlap = topicOverlap(words, topic.words);
      if (!closest || overlap > closest.overlap) closest = { title: topic.title, overlap };
    }
    if (closest && closest.overlap >= OVERLAP_EXCLUDED) {
      excluded += 1;
      continue;
    }
    if (ideas.length < count) {
      ideas.push({
        title: idea.title.trim(),
        keywords: idea.keywords.slice(0, 10),
        overlap:
          closest && closest.overlap >= OVERLAP_SHOWN
            ? { title: closest.title, percent: Math.round(closest.overlap * 100) }
            : null,
      });
    }
  }
  return { ideas, excluded };
}
