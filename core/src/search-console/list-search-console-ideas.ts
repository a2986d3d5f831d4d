// Ideas from Search Console for one of the owner's sites: queries people saw that site for (at least MIN_IMPRESSIONS
// times in 28 days) that no page of the site answers yet, the most seen first, each as a title with its keyword and
// its figures, ready to be added to a content plan. A query is answered when one post (title or keyphrase) or indexed
// page (title) holds most of its words (COVERED of them, plurals folded), so "soy candle care" is answered by "How to
// care for soy candles".
import type { SearchConsoleIdeas } from "../contracts/search-console.ts";
import type { Prisma } from "../db/index.ts";
import { findSearchConsoleConnection } from "./find-search-console-connection.ts";
import type { SearchConsoleSiteInput } from "./types.ts";

export const MIN_IMPRESSIONS = 10;
export const COVERED = 0.6;
export const IDEAS_SHOWN = 20;

const STOP_WORDS = new Set(
  "a an and are as at be by for from how in is it its of on or our the this to what when where which who why with your you vs do does can i my me".split(
    " ",
  ),
);

function words(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 1 && !STOP_WORDS.has(w))
      .map((w) => (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w)),
  );
}

const number = (n: number) => n.toLocaleString("en-US");

function titleOf(query: string): string {
  const text = query.trim().replace(/\s+/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export async function listSearchConsoleIdeas(
  deps: { prisma: Prisma },
  input: SearchConsoleSiteInput,
): Promise<SearchConsoleIdeas> {
  const { prisma } = deps;
  // The site in question's own queries, joined to its own posts and pages.
  const found = await findSearchConsoleConnection(prisma, input);
  if (!found?.connection) return { ideas: [] };
  const { key } = found;
  const [queries, posts, pages] = await Promise.all([
    prisma.searchConsoleQuery.findMany({
      where: { ...key, impressions: { gte: MIN_IMPRESSIONS } },
      orderBy: [{ impressions: "desc" }, { query: "asc" }],
      take: 500,
    }),
    prisma.sitePost.findMany({ where: key, select: { title: true, keyphrase: true } }),
    prisma.siteIndexEntry.findMany({ where: key, select: { title: true } }),
  ]);
  const topics = [...posts.map((p) => words(`${p.title} ${p.keyphrase}`)), ...pages.map((p) => words(p.title))];
  const ideas: SearchConsoleIdeas["ideas"] = [];
  for (const q of queries) {
    const asked = words(q.query);
    if (asked.size === 0) continue;
    const answered = topics.some((topic) => {
      let shared = 0;
      for (const w of asked) if (topic.has(w)) shared += 1;
      return shared / asked.size >= COVERED;
    });
    if (answered) continue;
    const position = q.position === null ? null : Math.round(q.position * 10) / 10;
    ideas.push({
      query: q.query,
      title: titleOf(q.query).slice(0, 200),
      keywords: [q.query.slice(0, 100).trim()],
      clicks: q.clicks,
      impressions: q.impressions,
      position,
      previousImpressions: q.previousImpressions,
      notes:
        `From Search Console: "${q.query}" was seen ${number(q.impressions)} times and clicked ${number(q.clicks)} times ` +
        `in the last 28 days${position === null ? "" : ` (average position ${position})`}, and no page of the site answers it yet.`,
    });
    if (ideas.length >= IDEAS_SHOWN) break;
  }
  return { ideas };
}
