// Postwright's writers. With an AI provider configured (an API key, or the address of an OpenAI-compatible server),
// posts come from the model pipeline in ./write-post; without one, from the offline writer, which needs nothing and
// labels its posts "offline".
import type { Config } from "../env.ts";
import { type Logger, silentLogger } from "../logger.ts";
import { optimizeTitleOffline } from "./offline/optimize-title.ts";
import { writeOfflinePost } from "./offline/write-post.ts";
import { optimizeTitleWithModel } from "./optimize-title/index.ts";
import { suggestIdeasWithModel } from "./ideas/index.ts";
import { suggestIdeasOffline } from "./offline/suggest-ideas.ts";
import { createProvider } from "./provider.ts";
import { splitPostParts } from "./split-post-parts.ts";
import type { Writer, WrittenPost } from "./types.ts";
import type { VoiceProfile } from "../contracts/voice.ts";
import { voiceDistance } from "../voice/voice-distance.ts";
import { writePostWithModel } from "./write-post/index.ts";

export type { GenerationStage, SiteLinks, WriteOptions, Writer, WrittenPart, WrittenPost } from "./types.ts";
export type { IdeasRequest, PostIdea } from "./ideas/types.ts";
export { suggestIdeasOffline } from "./offline/suggest-ideas.ts";
export { splitPostParts } from "./split-post-parts.ts";
export type { TokenUsage } from "./provider.ts";
export type { AiFailureReason } from "./errors.ts";
export { aiFailure, isModelFailure } from "./errors.ts";

export interface CreateWriterOptions {
  openai: Config["openai"];
  logger?: Logger;
  /** Budget for one post, all model calls and retries included (default 3 minutes). */
  deadlineMs?: number;
  /** Public address of the site: relative image addresses are made absolute with it, and it tells internal links. */
  siteUrl?: string;
  /** Length the model pipeline aims for (default 1,500 words). */
  targetWords?: number;
  /** Model calls in flight at once while sections are written (default 8). */
  concurrency?: number;
  /** Stream answers from the provider (default true). */
  stream?: boolean;
  /** Base of the exponential backoff between retries (default 1 s, at most 20 s; Retry-After takes precedence). */
  backoff?: { initialMs: number; maxMs: number };
  now?: () => Date;
}

export const DEFAULT_DEADLINE_MS = 180_000;
/** Title suggestions are interactive: they get a shorter budget. */
const TITLE_DEADLINE_MS = 60_000;

/** True when an AI provider is configured; otherwise posts are written offline. */
export function isAiConfigured(openai: Config["openai"]): boolean {
  return Boolean(openai.apiKey || openai.baseUrl);
}

export function createWriter(options: CreateWriterOptions): Writer {
  const logger = options.logger ?? silentLogger;
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;

  if (!isAiConfigured(options.openai)) {
    return {
      generator: "offline",
      takesSiteLinks: true,
      siteUrl: options.siteUrl,
      async writePost(input, given = {}) {
        // The offline writer is instant: it waits for the site's links before it starts.
        const site = given.siteLinks ? await given.siteLinks : undefined;
        const writeOptions = site
          ? { ...given, sitePages: site.sitePages, linkedSiteUrl: site.linkedSiteUrl ?? given.linkedSiteUrl }
          : given;
        if (site) input = { ...input, links: site.links };
        writeOptions.signal?.throwIfAborted();
        writeOptions.onStage?.("planning");
        writeOptions.onStage?.("writing");
        const post = writeOfflinePost(input, {
          siteUrl: options.siteUrl,
          now: options.now,
          linkedSiteUrl: writeOptions.linkedSiteUrl,
          featured: writeOptions.featured,
          sitePages: writeOptions.sitePages,
          voice: writeOptions.voice,
        });
        // The whole post is written at once: its parts are told in document order before the review.
        if (writeOptions.onPart) for (const part of splitPostParts(post.html)) writeOptions.onPart(part);
        writeOptions.onStage?.("reviewing");
        return withVoiceMatch(post, writeOptions.voice);
      },
      async optimizeTitle(input) {
        return optimizeTitleOffline(input, { now: options.now });
      },
      async suggestIdeas(request) {
        return suggestIdeasOffline(request, options.now?.());
      },
    };
  }

  const provider = createProvider({
    openai: options.openai,
    logger,
    stream: options.stream,
    backoff: options.backoff,
  });
  return {
    generator: `ai:${provider.model}`,
    takesSiteLinks: true,
    siteUrl: options.siteUrl,
    writePost: async (input, writeOptions) =>
      withVoiceMatch(
        await writePostWithModel(
          {
            provider,
            logger,
            deadlineMs,
            siteUrl: options.siteUrl,
            targetWords: options.targetWords,
            concurrency: options.concurrency,
          },
          input,
          writeOptions,
        ),
        writeOptions?.voice,
      ),
    optimizeTitle: (input, titleOptions) =>
      optimizeTitleWithModel(
        { provider, logger, deadlineMs: Math.min(deadlineMs, TITLE_DEADLINE_MS), now: options.now },
        input,
        titleOptions,
      ),
    suggestIdeas: (request, ideaOptions) =>
      suggestIdeasWithModel(
        { provider, logger, deadlineMs: Math.min(deadlineMs, TITLE_DEADLINE_MS) },
        request,
        ideaOptions,
      ),
  };
}

/** The post's measured distance to the voice it was written in (none without a voice). */
function withVoiceMatch(post: WrittenPost, voice: VoiceProfile | undefined): WrittenPost {
  return voice ? { ...post, voiceMatch: voiceDistance(post.html, voice) } : post;
}
