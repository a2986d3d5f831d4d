import type { FeaturedItem, GeneratePostInput, OptimizeTitleInput, OptimizeTitleResponse } from "../contracts/blog.ts";
import type { VoiceMatch, VoiceProfile } from "../contracts/voice.ts";
import type { SeoReport } from "../seo/index.ts";
import type { IdeasRequest, PostIdea } from "./ideas/types.ts";
import type { TokenUsage } from "./provider.ts";

export type GenerationStage = "planning" | "writing" | "reviewing";

/** One part of a post as soon as it is written, so that the owner can read the post while the rest is written. */
export interface WrittenPart {
  /** Place in the post: 0 the introduction, 1 to n the H2 sections, n + 1 the conclusion. */
  index: number;
  /** How many parts the post has: null until the outline is known. */
  total: number | null;
  kind: "introduction" | "section" | "conclusion";
  /** The part's H2 heading (null for the introduction). */
  heading: string | null;
  /** The part's HTML (its H2 included), sanitised; the finished post may still differ after the review. */
  html: string;
}

export interface WrittenPost {
  /** The post title: the author's, unless it lacks the focus keyphrase and a better one was found. */
  title: string;
  /** Title for search results, fitted to Google's ~600 px and starting with the focus keyphrase where it can. */
  seoTitle: string;
  /** URL slug holding the focus keyphrase (made unique among the owner's posts when stored). */
  slug: string;
  /** The keyphrase the post was written and scored for. */
  focusKeyphrase: string;
  metaDescription: string;
  /** The body, sanitised to the post allowlist; no H1 (the platform prints the title). */
  html: string;
  /** The body as plain text. */
  content: string;
  seo: SeoReport;
  /** "offline" for the built-in writer, `ai:<model>` for a model. */
  generator: string;
  usage: TokenUsage;
  /** How close the post is to the site's voice it was written in (a measured distance and a 0-100 match), if any. */
  voiceMatch?: VoiceMatch;
}

/** The links a post carries (the owner's and pages of their site) and which of them are the site's own pages. */
export interface SiteLinks {
  links: GeneratePostInput["links"];
  sitePages: string[];
  linkedSiteUrl?: string;
}

export interface WriteOptions {
  /** Told when the pipeline moves on to planning, writing and reviewing. */
  onStage?: (stage: GenerationStage) => void;
  /** Told of each part of the post as soon as it is written, in the order they finish. */
  onPart?: (part: WrittenPart) => void;
  /**
   * The links into the owner's site, while they are still being worked out (a site's first index being read): the
   * writer starts what needs no links at once (the introduction, the plan, the search snippet) and takes the links,
   * which then replace the input's, before the sections. linkedSiteUrl and sitePages given here replace the options'.
   */
  siteLinks?: Promise<SiteLinks>;
  /** Cancels the generation (for example when the client goes away). */
  signal?: AbortSignal;
  /** The owner's site the post links into: links there count as internal in the SEO analysis. */
  linkedSiteUrl?: string;
  /** The store's products and collections the post features (looked up on the server), each linked once. */
  featured?: FeaturedItem[];
  /**
   * Addresses among the input's links that are pages of the owner's site picked from its index, described by their
   * titles: their link text may be worded anew (without the focus keyphrase); the owner's own links keep their words.
   */
  sitePages?: string[];
  /** The owner's voice for the site (person, spelling, sentence length, formatting, closing, words): both writers follow it. */
  voice?: VoiceProfile;
}

export interface Writer {
  readonly generator: string;
  /** Whether writePost takes WriteOptions.siteLinks (and so can start before the site's links are known). */
  readonly takesSiteLinks?: boolean;
  /** This site's address, which a post linking into no site of its own is scored against (internal links). */
  readonly siteUrl?: string;
  writePost(input: GeneratePostInput, options?: WriteOptions): Promise<WrittenPost>;
  optimizeTitle(input: OptimizeTitleInput, options?: { signal?: AbortSignal }): Promise<OptimizeTitleResponse>;
  /** Post ideas for a niche (the autopilot's "ask for ideas"); writers without it fall back to the offline ideas. */
  suggestIdeas?(request: IdeasRequest, options?: { signal?: AbortSignal }): Promise<PostIdea[]>;
}
