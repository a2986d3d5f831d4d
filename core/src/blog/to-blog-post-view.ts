// A post as the API returns it. The JSON columns (links, images, seoChecks) are read defensively: an entry that does
// not have the expected shape (old data, a hand edit) is left out rather than breaking the whole list.
import { z } from "zod";
import {
  imageRefSchema,
  linkSchema,
  productCardSchema,
  platforms as knownPlatforms,
  postStatuses,
  type BlogPostView,
  type Platform,
  type PostStatus,
  type SeoCheckResult,
} from "../contracts/blog.ts";
import { factsPolicies, productFactsReportSchema, type FactsPolicy } from "../contracts/facts.ts";
import type { BlogPost, PostPublication } from "../db/index.ts";

const seoCheckSchema = z.object({
  id: z.string(),
  label: z.string(),
  status: z.enum(["pass", "warn", "fail"]),
  message: z.string(),
});

function listOf<T>(value: unknown, item: z.ZodType<T>): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = item.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

const isPlatform = (value: string): value is Platform => (knownPlatforms as readonly string[]).includes(value);
const asStatus = (value: string): PostStatus =>
  (postStatuses as readonly string[]).includes(value) ? (value as PostStatus) : "draft";

export type PostRow = BlogPost & { publications?: PostPublication[] };

export function toBlogPostView(row: PostRow): BlogPostView {
  return {
    id: row.id,
    title: row.title,
    htmlContent: row.htmlContent,
    content: row.content,
    metaDescription: row.metaDescription,
    seoTitle: row.seoTitle,
    slug: row.slug,
    focusKeyphrase: row.focusKeyphrase ?? row.keywords[0] ?? "",
    keywords: row.keywords,
    seoInstructions: row.seoInstructions,
    companyName: row.companyName,
    links: listOf(row.links, linkSchema),
    images: listOf(row.images, imageRefSchema),
    status: asStatus(row.status),
    wordCount: row.wordCount,
    readingTime: row.readingTime,
    seoScore: row.seoScore,
    seoChecks: listOf<SeoCheckResult>(row.seoChecks, seoCheckSchema),
    generator: row.generator,
    isScheduled: row.isScheduled,
    scheduledPublishDate: row.scheduledPublishDate?.toISOString() ?? null,
    scheduledPlatforms: row.scheduledPlatforms.filter(isPlatform),
    shopifyArticleId: row.shopifyArticleId,
    wordpressPostId: row.wordpressPostId,
    publications: (row.publications ?? []).flatMap((p) =>
      isPlatform(p.platform)
        ? [
            {
              platform: p.platform,
              status: p.status,
              remoteUrl: p.remoteUrl,
              lastError: p.lastError,
              publishedAt: p.publishedAt?.toISOString() ?? null,
            },
          ]
        : [],
    ),
    lastError: row.lastError,
    productFacts: productFactsReportSchema.safeParse(row.productFactsReport).data ?? null,
    showProductCards: row.showProductCards,
    productCards: listOf(row.productCards, productCardSchema),
    factsPolicy: (factsPolicies as readonly string[]).includes(row.factsPolicy)
      ? (row.factsPolicy as FactsPolicy)
      : "hold",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What to read with a post so its view is complete. */
export const withPublications = { publications: { orderBy: { platform: "asc" as const } } };
