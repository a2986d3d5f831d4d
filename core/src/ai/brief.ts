// What both writers (the model pipeline and the offline writer) take from the form, read once: the focus keyphrase,
// the other keywords, the company, the author's instructions and a meta description the author may have chosen.
import type { FeaturedItem, GeneratePostInput, ImageRef, LinkInput } from "../contracts/blog.ts";
import type { VoiceSettings } from "../contracts/voice.ts";

/** A link the post must carry; a featured product or collection keeps what the store says about it. */
export interface BriefLink extends LinkInput {
  featured?: FeaturedItem;
  /** A page of the owner's site picked from its index (its description is the page's title). */
  sitePage?: boolean;
}

export interface Brief {
  title: string;
  /** The focus keyphrase: the owner's choice, else the first keyword. */
  keyphrase: string;
  /** Keywords after the first, without repeats. */
  secondaryKeywords: string[];
  companyName: string;
  /** The author's instructions without a "Meta Description:" line. */
  instructions: string;
  /** A meta description the author asked for (the title suggestion panel appends one to the instructions). */
  requestedMetaDescription: string | undefined;
  /**
   * The author's links (with the pages of their site picked for the post), then the featured products and collections
   * (linked with their titles as anchors).
   */
  links: BriefLink[];
  /** Products and collections of the store the post features. */
  featured: FeaturedItem[];
  images: ImageRef[];
  /** The owner's voice for the site, when one is set: both writers follow it. */
  voice?: VoiceSettings;
}

const metaLine = /^\s*meta[\s-]*description\s*:\s*(.+)$/im;

export function buildBrief(
  input: GeneratePostInput,
  featured: FeaturedItem[] = [],
  sitePages: readonly string[] = [],
  voice?: VoiceSettings,
): Brief {
  const keywords = input.keywords.map((k) => k.trim().replace(/\s+/g, " ")).filter(Boolean);
  const keyphrase = input.focusKeyphrase?.trim().replace(/\s+/g, " ") || keywords[0] || input.title;
  const seen = new Set([keyphrase.toLowerCase()]);
  const secondaryKeywords = keywords.filter((k) => {
    const key = k.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const instructionsText = input.seoInstructions ?? "";
  const meta = metaLine
    .exec(instructionsText)?.[1]
    ?.trim()
    .replace(/^["']|["']$/g, "");
  return {
    title: input.title.trim().replace(/\s+/g, " "),
    keyphrase,
    secondaryKeywords,
    companyName: (input.companyName ?? "").trim(),
    instructions: instructionsText.replace(metaLine, "").trim(),
    requestedMetaDescription: meta ? meta : undefined,
    links: withFeaturedLinks(input.links ?? [], featured).map((link) =>
      sitePages.includes(link.url) && !link.featured ? { ...link, sitePage: true } : link,
    ),
    featured,
    images: input.images ?? [],
    ...(voice ? { voice } : {}),
  };
}

function withFeaturedLinks(links: LinkInput[], featured: FeaturedItem[]): BriefLink[] {
  const taken = new Set(links.map((link) => link.url));
  const extra = featured
    .filter((item) => !taken.has(item.url))
    .map((item) => ({ url: item.url, description: item.title, featured: item }));
  return [...links, ...extra];
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** True when every word of the keyphrase occurs in the text, allowing simple word forms (plural, -ing, -ed). */
export function containsKeyphrase(text: string, keyphrase: string): boolean {
  const textWords = words(text);
  return words(keyphrase).every((kw) => {
    const stem = kw.length > 4 ? kw.replace(/(?:ing|ed|es|s)$/, "") : kw;
    return textWords.some((w) => w === kw || (w.startsWith(stem) && w.length - stem.length <= 3));
  });
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const smallWords = new Set([
  "a",
  "an",
  "and",
  "as",
  "at",
  "but",
  "by",
  "for",
  "in",
  "nor",
  "of",
  "on",
  "or",
  "the",
  "to",
  "vs",
  "with",
]);

/** Title Case that leaves acronyms and brand spellings (iPhone, SEO) alone. */
export function titleCase(text: string): string {
  return text
    .split(/(\s+)/)
    .map((word, index) => {
      if (/^\s+$/.test(word) || /[A-Z]/.test(word.slice(1)) || /^[A-Z]/.test(word)) return word;
      if (index > 0 && smallWords.has(word.toLowerCase())) return word.toLowerCase();
      return capitalise(word);
    })
    .join("");
}

/** Meta descriptions show in full up to about 156 characters; cut longer ones at a word boundary. */
export function fitMetaDescription(text: string, max = 156): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const sentenceEnd = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("! "), cut.lastIndexOf("? "));
  if (sentenceEnd >= 110) return cut.slice(0, sentenceEnd + 1);
  return `${cut.slice(0, cut.lastIndexOf(" ")).replace(/[,;:\-–—]+$/, "")}…`;
}
