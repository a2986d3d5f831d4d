// The offline writer: with no AI provider configured, a complete, readable draft built from the form by rules.
// It follows the same structure the model pipeline asks for (an introduction with the keyphrase, H2 sections with
// H3 steps and questions, lists, a conclusion with a call to action), weaves in the links once each and places the
// images, uses short sentences and transition words, and varies its wording with the inputs. Posts it writes are
// labelled "offline" so that nobody mistakes them for a model's work.
import type { FeaturedItem, GeneratePostInput } from "../../contracts/blog.ts";
import type { VoiceSettings } from "../../contracts/voice.ts";
import { buildBrief } from "../brief.ts";
import type { PostDocument } from "../post-document.ts";
import { emptyUsage } from "../provider.ts";
import { renderPost } from "../render-post.ts";
import type { WrittenPost } from "../types.ts";
import { writeConclusion } from "./conclusion.ts";
import { writeIntroduction } from "./introduction.ts";
import { offlineContext, type KeyphraseShape } from "./offline-context.ts";
import { basics } from "./sections/basics.ts";
import { benefits } from "./sections/benefits.ts";
import { checklist } from "./sections/checklist.ts";
import { factors } from "./sections/factors.ts";
import { faq } from "./sections/faq.ts";
import { mistakes } from "./sections/mistakes.ts";
import { plan } from "./sections/plan.ts";
import { questions } from "./sections/questions.ts";
import { related } from "./sections/related.ts";
import { tips } from "./sections/tips.ts";
import { offlineTitles } from "./title-and-meta.ts";
import { voiceDocument } from "./voice-document.ts";
import { weaveLinks } from "./weave-links.ts";

export interface OfflineWriterOptions {
  siteUrl?: string;
  /** The owner's site the post links into: links there count as internal in the SEO analysis. */
  linkedSiteUrl?: string;
  /** The store's products and collections to feature, each linked once with its title as the anchor. */
  featured?: FeaturedItem[];
  /** The clock, for the year in suggested titles. */
  now?: () => Date;
  /** Addresses among the links that are pages of the owner's site picked from its index (see WriteOptions). */
  sitePages?: string[];
  /** The owner's voice for the site: person, spelling, sentence length, lists and closing follow it. */
  voice?: VoiceSettings;
  /** How the keyphrase reads (plural, an activity, before a noun), when the caller knows it. */
  keyphraseShape?: KeyphraseShape;
}

// The parts draw their wording from one seeded sequence in the order they are written here: the introduction, the
// order of the middle sections, the sections, the conclusion, the links' lead-ins and the meta description.
export function writeOfflinePost(input: GeneratePostInput, options: OfflineWriterOptions = {}): WrittenPost {
  const brief = buildBrief(input, options.featured, options.sitePages, options.voice);
  const context = offlineContext(brief, options.keyphraseShape);
  const { company, c } = context;

  const intro = writeIntroduction(context);
  // A post with secondary keywords has a section on them; one without asks the reader a few questions instead.
  const aside = context.keywords.length > 0 ? related : questions;
  const middle = c.roll() < 0.5 ? [factors, aside, mistakes] : [aside, factors, mistakes];
  const writers = [basics, benefits, plan, ...middle, checklist, tips, faq];
  const sections = writers.map((write) => write(context));
  const conclusion = writeConclusion(context);
  const linkSections = weaveLinks(context, sections);

  const draft: PostDocument = { intro, sections, conclusion };
  const doc = brief.voice
    ? voiceDocument(draft, brief.voice, [company, brief.keyphrase, ...brief.secondaryKeywords].filter(Boolean))
    : draft;
  const { title, seoTitle, slug, metaDescription } = offlineTitles(context, options.now);
  const rendered = renderPost(
    brief,
    doc,
    { title, seoTitle, slug, metaDescription },
    {
      siteUrl: options.siteUrl,
      linkSections,
      linkedSiteUrl: options.linkedSiteUrl,
    },
  );
  return {
    title,
    seoTitle,
    slug,
    focusKeyphrase: brief.keyphrase,
    metaDescription,
    ...rendered,
    generator: "offline",
    usage: emptyUsage(),
  };
}
