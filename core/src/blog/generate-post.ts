// Generates a post and stores it as a draft. The generation is counted against the month's quota before any work
// starts (so two requests cannot both take the last post), and given back if anything fails on the way: the writer,
// the caller going away (signal), or storing the row. A generation that produced no post never counts.
import type { FeaturedItem, GeneratePostInput, GeneratePostResponse, LinkInput } from "../contracts/blog.ts";
import type { ProductFacts } from "../contracts/facts.ts";
import { checkProductFacts } from "../facts/check-product-facts.ts";
import { toProductCards } from "../facts/to-product-cards.ts";
import { insertProductCards } from "../publishing/product-cards/index.ts";
import type { GenerationStage, Writer, WrittenPart } from "../ai/index.ts";
import { withGenerationQuota } from "../billing/generation-quota.ts";
import { sanitizePostHtml } from "../content/index.ts";
import { badRequest } from "../errors/index.ts";
import type { Prisma, PrismaNamespace } from "../db/index.ts";
import { type Logger, silentLogger } from "../logger.ts";
import { pickSiteLinks, readSiteLinks, waitForFirstSiteIndex } from "../site-index/index.ts";
import { scoreStoredPost } from "./score-stored-post.ts";
import { uniquePostSlug } from "./unique-post-slug.ts";
import type { VoiceMatch } from "../contracts/voice.ts";
import { findPostVoice } from "../voice/find-post-voice.ts";
import { toBlogPostView, withPublications } from "./to-blog-post-view.ts";

export interface GeneratePostDeps {
  prisma: Prisma;
  writer: Writer;
  logger?: Logger;
  now?: () => Date;
  /**
   * How long a generation waits at most for the first index of a site connected a moment ago before it goes on with
   * the pages indexed so far (FIRST_INDEX_WAIT_MS, 8 s, by default).
   */
  siteIndexWaitMs?: number;
  /**
   * The address a post linking into no site of its own is scored against (internal links), as its edits are; the
   * writer's own by default.
   */
  siteUrl?: string;
}

export interface GeneratePostRequest {
  userId: number;
  input: GeneratePostInput;
  /** Told when the writer moves on to planning, writing and reviewing. */
  onStage?: (stage: GenerationStage) => void;
  /** Told of each part of the post as soon as it is written (to show the post as it grows). */
  onPart?: (part: WrittenPart) => void;
  /** Aborting cancels the generation and returns its quota; nothing is stored. */
  signal?: AbortSignal;
  /**
   * The store's products and collections named in `input.featured`, as the store describes them (looked up by the
   * surface from the store itself, never taken from the browser). The post links to each once.
   */
  featured?: FeaturedItem[];
  /**
   * What the store says about the featured products now (options, every variant's price and availability), read by
   * the surface from the store: kept with the post, and the post checked against it ("Product facts").
   */
  productFacts?: ProductFacts[];
  /**
   * Runs in the transaction that stores the post, with its id: throwing rolls the post back (and the generation is
   * not counted). The autopilot ties the post to its slot here, so a slot can never get two posts.
   */
  onStored?: (tx: PrismaNamespace.TransactionClient, postId: number) => Promise<void>;
  /** The WordPress site the post belongs to (the plugin site asking for it, or its content plan's site). */
  wordpressConnectionId?: number | null;
}

export async function generatePost(
  deps: GeneratePostDeps,
  request: GeneratePostRequest,
): Promise<GeneratePostResponse> {
  const { prisma, writer } = deps;
  const { userId, input, onStage, onPart, signal } = request;
  const featured = request.featured ?? [];
  if (input.featured.length > 0 && !request.featured) {
    throw badRequest("The products and collections to feature could not be read from your store. Pick them again.");
  }
  const logger = deps.logger ?? silentLogger;
  const now = deps.now?.() ?? new Date();

  let voiceMatch: VoiceMatch | null = null;
  const { result: row, reservation } = await withGenerationQuota(
    { prisma },
    userId,
    async () => {
      // The links into the site wait (a bounded time) for a site connected a moment ago to be read; a writer that
      // takes them later starts meanwhile with what needs no links, so the owner reads the first part just as soon.
      const pending = withSiteLinks(prisma, userId, input, featured, logger, {
        timeoutMs: deps.siteIndexWaitMs,
        signal,
      }).then((site) => ({
        ...site,
        linkedSiteUrl: site.linkedSiteUrl ?? (featured[0] ? new URL(featured[0].url).origin : undefined),
      }));
      pending.catch(() => {});
      // The voice of the site the post is for (its WordPress site, else the owner's site with a voice), if any.
      const voice = await findPostVoice({ prisma }, { userId, wordpressConnectionId: request.wordpressConnectionId });
      const common = { onStage, onPart: onPart && tellPart(onPart, logger), signal, featured, voice };
      const written = writer.takesSiteLinks
        ? await writer.writePost(input, { ...common, siteLinks: pending })
        : await pending.then((site) =>
            writer.writePost(
              { ...input, links: site.links },
              { ...common, linkedSiteUrl: site.linkedSiteUrl, sitePages: site.sitePages },
            ),
          );
      const { links, linkedSiteUrl } = await pending;
      // The post is finished, but nobody is waiting for it any more: it is not stored and not counted.
      signal?.throwIfAborted();
      voiceMatch = written.voiceMatch ?? null;
      const slug = written.slug ? await uniquePostSlug(prisma, { userId, slug: written.slug }) : null;
      const productFacts = request.productFacts ?? [];
      // The cards come from the store (the featured items and their facts), never from the writer; they are kept
      // with the post so that "Show as product cards" can be turned on later, and put in now when it is on.
      const productCards = toProductCards(featured, productFacts);
      const showProductCards = input.showProductCards && productCards.length > 0;
      const html = sanitizePostHtml(showProductCards ? insertProductCards(written.html, productCards) : written.html);
      const fields = {
        title: written.title,
        htmlContent: html,
        metaDescription: written.metaDescription,
        seoTitle: written.seoTitle || null,
        slug,
        focusKeyphrase: written.focusKeyphrase || null,
        linkedSiteUrl: linkedSiteUrl ?? null,
        keywords: input.keywords,
      };
      const data = {
        userId,
        ...fields,
        content: written.content,
        seoInstructions: input.seoInstructions,
        companyName: input.companyName,
        links: [...links, ...featured.map((item) => ({ url: item.url, description: item.title }))],
        images: input.images,
        // Scored as it is stored (its product cards in it), as every later analysis of the post scores it.
        ...scoreStoredPost(fields, deps.siteUrl ?? writer.siteUrl),
        generator: written.generator,
        status: "draft",
        wordpressConnectionId: request.wordpressConnectionId ?? null,
        ...(productCards.length ? { productCards, showProductCards } : {}),
        ...(productFacts.length
          ? {
              productFacts,
              productFactsReport: checkProductFacts({ html, current: productFacts, written: productFacts, now }),
            }
          : {}),
      };
      const stored = request.onStored
        ? await prisma.$transaction(async (tx) => {
            const row = await tx.blogPost.create({ data, include: withPublications });
            await request.onStored!(tx, row.id);
            return row;
          })
        : await prisma.blogPost.create({ data, include: withPublications });
      logger.info(
        { userId, postId: stored.id, generator: written.generator, seoScore: stored.seoScore, usage: written.usage },
        "blog post generated",
      );
      return stored;
    },
    now,
  );

  return {
    blogPost: { ...toBlogPostView(row), ...(voiceMatch ? { voiceMatch } : {}) },
    generatedContent: {
      wordCount: row.wordCount,
      readingTime: row.readingTime,
      seoScore: row.seoScore,
      ...(voiceMatch ? { voiceMatch } : {}),
    },
    tierInfo: { usageRemaining: reservation.usageRemaining },
  };
}

/** How many pages of the owner's site a post links to, beside the links the owner gave. */
const SITE_LINKS_PER_POST = 3;

/**
 * The owner's links first, then the few most relevant pages of their connected site (from its index, never fetched
 * here: a stale or empty index, or one that cannot be read, only means fewer links). A site connected a moment ago
 * whose first index is still being read is waited for, a bounded time, then its pages indexed so far are used.
 */
async function withSiteLinks(
  prisma: Prisma,
  userId: number,
  input: GeneratePostInput,
  featured: FeaturedItem[],
  logger: Logger,
  wait: { timeoutMs?: number; signal?: AbortSignal },
): Promise<{ links: LinkInput[]; linkedSiteUrl: string | undefined; sitePages: string[] }> {
  // A featured product is linked as such: the same address is not linked again as a page of the site or a given link.
  const featuredUrls = new Set(featured.map((item) => item.url));
  const owner = (input.links ?? []).filter((link) => !featuredUrls.has(link.url));
  try {
    const waited = await waitForFirstSiteIndex({ prisma }, { userId, ...wait });
    if (waited === "timeout") logger.info({ userId }, "writing with the part of the site's first index read so far");
    const candidates = await readSiteLinks(prisma, userId);
    const picked = pickSiteLinks(candidates, {
      keyphrase: input.focusKeyphrase || input.keywords[0] || input.title,
      keywords: input.keywords,
      title: input.title,
      exclude: [...owner.map((link) => link.url), ...featuredUrls],
      max: Math.max(0, Math.min(SITE_LINKS_PER_POST, 20 - owner.length - featured.length)),
    });
    const linkedSiteUrl = picked[0] ? new URL(picked[0].url).origin : undefined;
    return {
      links: [...owner, ...picked.map((page) => ({ url: page.url, description: page.title }))],
      linkedSiteUrl,
      sitePages: picked.map((page) => page.url),
    };
  } catch (error) {
    logger.warn({ err: error, userId }, "the site index could not be read; writing without links into the site");
    return { links: owner, linkedSiteUrl: undefined, sitePages: [] };
  }
}

/** Parts reach the listener sanitised to the post allowlist; a listener that fails never stops the writing. */
function tellPart(onPart: (part: WrittenPart) => void, logger: Logger): (part: WrittenPart) => void {
  return (part) => {
    try {
      onPart({ ...part, html: sanitizePostHtml(part.html) });
    } catch (error) {
      logger.warn({ err: error, index: part.index }, "a written part could not be passed on");
    }
  };
}
