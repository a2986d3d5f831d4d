// Generates a post and stores it as a draft. The generation is counted against the month's quota before any work
// starts (so two requests cannot both take the last post), and given back if anything fails on the way: the writer,
// the caller going away (signal), or storing the row. A generation that produced no post never counts.
import type { GeneratePostInput, GeneratePostResponse } from "../contracts/blog.ts";
import type { GenerationStage, Writer } from "../ai/index.ts";
import { withGenerationQuota } from "../billing/generation-quota.ts";
import { sanitizePostHtml } from "../content/index.ts";
import type { Prisma } from "../db/index.ts";
import { type Logger, silentLogger } from "../logger.ts";
import { uniquePostSlug } from "./unique-post-slug.ts";
import { toBlogPostView, withPublications } from "./to-blog-post-view.ts";

export interface GeneratePostDeps {
  prisma: Prisma;
  writer: Writer;
  logger?: Logger;
  now?: () => Date;
}

export interface GeneratePostRequest {
  userId: number;
  input: GeneratePostInput;
  /** Told when the writer moves on to planning, writing and reviewing. */
  onStage?: (stage: GenerationStage) => void;
  /** Aborting cancels the generation and returns its quota; nothing is stored. */
  signal?: AbortSignal;
}

export async function generatePost(
  deps: GeneratePostDeps,
  request: GeneratePostRequest,
): Promise<GeneratePostResponse> {
  const { prisma, writer } = deps;
  const { userId, input, onStage, signal } = request;
  const logger = deps.logger ?? silentLogger;
  const now = deps.now?.() ?? new Date();

  const { result: row, reservation } = await withGenerationQuota(
    { prisma },
    userId,
    async () => {
      const written = await writer.writePost(input, { onStage, signal });
      // The post is finished, but nobody is waiting for it any more: it is not stored and not counted.
      signal?.throwIfAborted();
      const slug = written.slug ? await uniquePostSlug(prisma, { userId, slug: written.slug }) : null;
      const stored = await prisma.blogPost.create({
        data: {
          userId,
          title: written.title,
          content: written.content,
          htmlContent: sanitizePostHtml(written.html),
          metaDescription: written.metaDescription,
          seoTitle: written.seoTitle || null,
          slug,
          focusKeyphrase: written.focusKeyphrase || null,
          keywords: input.keywords,
          seoInstructions: input.seoInstructions,
          companyName: input.companyName,
          links: input.links,
          images: input.images,
          wordCount: written.seo.wordCount,
          readingTime: written.seo.readingTime,
          seoScore: written.seo.score,
          seoChecks: written.seo.checks.map(({ id, label, status, message }) => ({ id, label, status, message })),
          generator: written.generator,
          status: "draft",
        },
        include: withPublications,
      });
      logger.info(
        { userId, postId: stored.id, generator: written.generator, seoScore: written.seo.score, usage: written.usage },
        "blog post generated",
      );
      return stored;
    },
    now,
  );

  return {
    blogPost: toBlogPostView(row),
    generatedContent: { wordCount: row.wordCount, readingTime: row.readingTime, seoScore: row.seoScore },
    tierInfo: { usageRemaining: reservation.usageRemaining },
  };
}
