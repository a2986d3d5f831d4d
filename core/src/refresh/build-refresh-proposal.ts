// The offline writer's rules for a refresh: from the post as it stands and its failing checks, the items of an
// update, each with before, after and why. The title and address stay; a dated year moves to this year; the SEO title
// and meta description are rewritten only where their checks fail; the introduction gets the keyphrase when it lacks
// it; images without alt text get one (the first one naming the keyphrase when no alt does); links to newer pages of
// the site go into the body sections, their text never the keyphrase; a post with no outbound link gets one to an
// outside source; a body H1 becomes an H2, a link whose text is the keyphrase links with other words, a paragraph of
// more than 150 words is split; a post without an image gets one its own site already has (a product's, a page's),
// with alt text naming the keyphrase, and one whose images all have alt text, none naming it, gets it in the first
// one's (each its own "image" item, which the owner may leave); sections the post lacks (written by the model, else by the offline writer) go before
// the conclusion. Added sentences name the keyphrase as a sentence reads it (keyphrase-grammar.ts): "coffee grinders
// are", "descaling a kettle" for "how to descale a kettle". Parts with nothing to fix are left out: what works stays.
import type { RefreshItem } from "../contracts/refresh.ts";
import { offlineMetaDescription } from "../ai/offline/meta-description.ts";
import { capitalise, containsKeyphrase } from "../ai/brief.ts";
import { escapeHtml } from "../ai/post-document.ts";
import { fitSeoTitle } from "../seo/fit-seo-title.ts";
import { isKeyphraseLinkText, linkTextWithoutKeyphrase } from "../seo/text/link-text.ts";
import { proseKeyphrase, type ProseKeyphrase } from "../ai/offline/keyphrase-grammar.ts";
import { htmlToText } from "../seo/document/html-to-text.ts";
import { analyseSentence } from "../seo/context.ts";
import { compileKeyphrase, findPhrase, reflectsKeyphrase } from "../seo/text/keyphrase.ts";
import { stemWord, tokenizeWords } from "../seo/text/words.ts";
import type { SeoCheck } from "../seo/types.ts";
import type { SiteLinkCandidate } from "../site-index/pick-site-links.ts";
import type { RefreshImage } from "./pick-refresh-image.ts";
import { splitPostSections } from "./split-post-sections.ts";
import type { EditablePost } from "./types.ts";
import { updateDatedYears } from "./update-dated-years.ts";

export interface AddedSection {
  heading: string;
  /** The section's HTML, its H2 included. */
  html: string;
}

export interface RefreshProposalInput {
  post: EditablePost;
  keyphrase: string;
  /** The checks of the post as it stands. */
  checks: readonly SeoCheck[];
  siteName: string;
  year: number;
  /** Newer pages of the site to link to, best first (picked from the site index). */
  links: readonly SiteLinkCandidate[];
  /** Sections the post lacks, to add before its conclusion. */
  added: readonly AddedSection[];
  /** A meta description from the model, used when the post's fails its checks. */
  metaDescription?: string;
  /** Whether the site has somewhere to keep an SEO title (an SEO plugin's field, Shopify's title tag). */
  seoTitleWritable: boolean;
  /** An image of the site's own that fits the post, for a post without one (pickRefreshImage). */
  image?: RefreshImage | null;
}

const failing = (checks: readonly SeoCheck[], id: string) => checks.some((c) => c.id === id && c.status === "fail");
/** Checks whose warning a refresh can settle as well (a keyphrase's words split over sentences, alts without it). */
const notPassing = (checks: readonly SeoCheck[], id: string) => checks.some((c) => c.id === id && c.status !== "pass");

const linkLeads = [
  "For more on this, see {anchor}.",
  "It is also worth reading {anchor}.",
  "You can learn more in {anchor}.",
];

/** Alt text from an image's file name: "cold-brew_jar-2.jpg" -> "cold brew jar". */
function altFromSource(src: string): string {
  const name = decodeURIComponent(src.split(/[?#]/)[0]!.split("/").pop() ?? "")
    .replace(/\.[a-z0-9]+$/i, "")
    .replace(/[-_]+/g, " ")
    .replace(/\b\d+(x\d+)?\b/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return name;
}

/** Images without alt text get one; the first gets the keyphrase when `withKeyphrase`. Returns how many changed. */
function fillImageAlts(html: string, keyphrase: string, withKeyphrase: boolean): { html: string; filled: number } {
  let filled = 0;
  let keyphraseUsed = !withKeyphrase;
  const out = html.replace(/<img\b[^>]*>/gi, (tag) => {
    const alt = /\salt\s*=\s*("([^"]*)"|'([^']*)')/i.exec(tag);
    if (alt && (alt[2] ?? alt[3] ?? "").trim()) return tag;
    const src = /\ssrc\s*=\s*("([^"]*)"|'([^']*)')/i.exec(tag);
    const fromName = altFromSource(src?.[2] ?? src?.[3] ?? "");
    let text = fromName || keyphrase;
    if (!keyphraseUsed) {
      text =
        fromName && !containsKeyphrase(fromName, keyphrase)
          ? `${capitalise(keyphrase)}: ${fromName}`
          : capitalise(keyphrase);
      keyphraseUsed = true;
    }
    filled++;
    const attribute = ` alt="${escapeHtml(text)}"`;
    return alt ? tag.replace(alt[0], attribute) : tag.replace(/^<img\b/i, `<img${attribute}`);
  });
  return { html: out, filled };
}

const altOf = (tag: string) => {
  const alt = /\salt\s*=\s*("([^"]*)"|'([^']*)')/i.exec(tag);
  return (alt?.[2] ?? alt?.[3] ?? "").trim();
};

/** Alt text that describes the image and names the keyphrase: "Coffee grinders: a burr grinder on a counter". */
function altWithKeyphrase(describe: string, prose: ProseKeyphrase, named: (text: string) => boolean): string {
  const text = describe.replace(/\s+/g, " ").trim();
  if (!text) return capitalise(prose.text);
  if (named(text)) return text;
  // A sentence ("A burr set on a counter") continues in lower case; a name ("Gooseneck Kettle") keeps its capitals.
  const sentence = text.slice(1) === text.slice(1).toLowerCase();
  return `${capitalise(prose.text)}: ${sentence ? text[0]!.toLowerCase() + text.slice(1) : text}`;
}

/**
 * The "image" item: for a post without an image, the site's image placed after the introduction (as an image block
 * in block markup); for a post whose images all have alt text and none names the keyphrase, the first image's tag
 * with the keyphrase in its alt text. Null when neither applies.
 */
function imageItem(input: {
  html: string;
  image: RefreshImage | null | undefined;
  keyphrase: string;
  prose: ProseKeyphrase;
  named: (text: string) => boolean;
  blocks: boolean;
}): RefreshItem | null {
  const { html, prose, named } = input;
  const tags = [...html.matchAll(/<img\b[^>]*>/gi)].map((match) => match[0]);
  if (tags.length === 0) {
    if (!input.image) return null;
    const { src, page } = input.image;
    const alt = escapeHtml(altWithKeyphrase(input.image.alt || page.title, prose, named));
    const figure = input.blocks
      ? `<!-- wp:image -->\n<figure class="wp-block-image"><img src="${escapeHtml(src)}" alt="${alt}"/></figure>\n<!-- /wp:image -->`
      : `<figure><img src="${escapeHtml(src)}" alt="${alt}"></figure>`;
    return {
      id: "image",
      kind: "image",
      label: `Image: ${page.title}`,
      before: "",
      after: figure,
      why: [
        `Shows an image your site already has (from "${page.title}") after the introduction, its alt text naming "${input.keyphrase}": the post has none.`,
      ],
    };
  }
  const alts = tags.map(altOf);
  if (alts.some((alt) => alt === "") || alts.some((alt) => named(alt))) return null;
  const tag = tags[0]!;
  const after = tag.replace(
    /\salt\s*=\s*("[^"]*"|'[^']*')/i,
    ` alt="${escapeHtml(altWithKeyphrase(alts[0]!, prose, named))}"`,
  );
  if (after === tag) return null;
  return {
    id: "image",
    kind: "image",
    label: "Image alt text",
    before: tag,
    after,
    why: [`Names "${input.keyphrase}" in the alt text of the post's first image, which describes it.`],
  };
}

/** Adds a sentence at the end of the section's last paragraph (or after it when it has none). */
function appendToLastParagraph(html: string, sentence: string): string {
  const at = html.toLowerCase().lastIndexOf("</p>");
  if (at < 0) return `${html.replace(/\s+$/, "")}\n<p>${sentence}</p>\n`;
  return `${html.slice(0, at).replace(/\s+$/, "")} ${sentence}${html.slice(at)}`;
}

/**
 * The keyphrase worked into the introduction's first paragraph as a sentence of its own, grammatical whatever its
 * shape: "This guide to coffee grinders", "This cast iron pan guide", "This guide to descaling a kettle", or a question
 * asked as one.
 */
function keyphraseSentence(prose: ProseKeyphrase, year: number): string {
  const text = escapeHtml(prose.text);
  if (prose.question) return `This guide, up to date for ${year}, answers a common question: ${text}?`;
  const words = prose.text.split(" ");
  // A short bare noun ("cast iron pan", "Chemex") names the guide; a plural, an activity or a longer phrase follows "to".
  const modifier = !prose.plural && !prose.activity && words.length <= 3 && !/^(?:a|an|the|my|your)$/i.test(words[0]!);
  return modifier
    ? `This ${text} guide is up to date for ${year}.`
    : `This guide to ${text} is up to date for ${year}.`;
}

/** An outside source on the topic for a post that links to none: Wikipedia's article on it, or its search for it. */
function outsideSource(prose: ProseKeyphrase): string {
  const words = prose.text.split(" ");
  // An activity's object is the topic ("caring for a coffee grinder" -> "coffee grinder").
  const topic = prose.activity
    ? words
        .slice(1)
        .join(" ")
        .replace(/^(?:(?:for|to|with|a|an|the|your|my|of|in|on)\s+)+/i, "")
    : prose.text;
  return `https://en.wikipedia.org/wiki/Special:Search?search=${encodeURIComponent(topic || prose.text).replace(/%20/g, "+")}`;
}

/** Body H1s become H2s: the theme shows the post's title as the page's one H1. */
function demoteH1(html: string): string {
  return html
    .replace(/<!--\s*wp:heading\s*\{\s*"level"\s*:\s*1\s*\}\s*-->/gi, "<!-- wp:heading -->")
    .replace(/<h1(\s|>)/gi, "<h2$1")
    .replace(/<\/h1>/gi, "</h2>");
}

/** A link whose text is the keyphrase keeps its words in the sentence and links with other words. */
function unlinkKeyphrase(html: string, keyphrase: string): { html: string; changed: number } {
  let changed = 0;
  const out = html.replace(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi, (tag, attributes: string, inner: string) => {
    const href = /\shref\s*=\s*("([^"]*)"|'([^']*)')/i.exec(attributes);
    if ((href?.[2] ?? href?.[3] ?? "").startsWith("#") || !isKeyphraseLinkText(htmlToText(inner), keyphrase))
      return tag;
    changed++;
    return `${inner} (<a${attributes}>read more</a>)`;
  });
  return { html: out, changed };
}

const MAX_PARAGRAPH_WORDS = 150;

/** Paragraphs over 150 words split at the sentence nearest their middle (again until none is too long). */
function splitLongParagraphs(html: string, blocks: boolean): { html: string; split: number } {
  let split = 0;
  const splitOne = (open: string, inner: string): string => {
    const words = htmlToText(inner).split(/\s+/).filter(Boolean).length;
    if (words <= MAX_PARAGRAPH_WORDS) return `${open}${inner}</p>`;
    // Sentence ends outside tags: ". " before a capital letter or a quote.
    const ends: number[] = [];
    const pattern = /[.!?](?=\s+["“A-Z])/g;
    for (const match of inner.matchAll(pattern)) {
      const at = (match.index ?? 0) + 1;
      const before = inner.slice(0, at);
      if (before.lastIndexOf("<") > before.lastIndexOf(">")) continue;
      ends.push(at);
    }
    if (ends.length === 0) return `${open}${inner}</p>`;
    const half = inner.length / 2;
    const at = ends.reduce((best, end) => (Math.abs(end - half) < Math.abs(best - half) ? end : best), ends[0]!);
    split++;
    const between = blocks ? "\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n" : "\n";
    return `${splitOne(open, inner.slice(0, at))}${between}${splitOne(open, inner.slice(at).replace(/^\s+/, ""))}`;
  };
  const out = html.replace(/(<p\b[^>]*>)([\s\S]*?)<\/p>/gi, (_m, open: string, inner: string) => splitOne(open, inner));
  return { html: out, split };
}

function addToIntroduction(html: string, sentence: string): string {
  const open = /<p\b[^>]*>/i.exec(html);
  if (!open) return `<p>${sentence}</p>\n${html}`;
  const at = (open.index ?? 0) + open[0].length;
  return `${html.slice(0, at)}${sentence} ${html.slice(at)}`;
}

function sectionLabel(kind: string, heading: string | null): string {
  if (kind === "introduction") return "Introduction";
  if (kind === "conclusion") return heading ? `Conclusion: ${heading}` : "Conclusion";
  return heading ? `Section: ${heading}` : "Section";
}

const movedWhy = (moved: string[], year: number) =>
  `Updates the dated year${moved.length > 1 ? "s" : ""} ${moved.join(", ")} to ${year}.`;

export function buildRefreshProposal(input: RefreshProposalInput): RefreshItem[] {
  const { post, keyphrase, checks, year } = input;
  const items: RefreshItem[] = [];
  // The keyphrase as a sentence reads it: what the added copy names.
  const prose = proseKeyphrase(keyphrase, post.title);
  const compiled = compileKeyphrase(keyphrase);

  // Title: only its dated years (the title is what readers and links know the post by).
  const title = updateDatedYears(post.title, year, "headline");
  if (title.text !== post.title) {
    items.push({
      id: "title",
      kind: "title",
      label: "Title",
      before: post.title,
      after: title.text,
      why: [movedWhy(title.moved, year)],
    });
  }

  // SEO title: the one search results show.
  const seoBefore = post.seoTitle ?? "";
  const seoBase = updateDatedYears(post.seoTitle ?? title.text, year, "headline");
  const seoWhy: string[] = [];
  let seoAfter = seoBase.text;
  if (seoBase.moved.length > 0) seoWhy.push(movedWhy(seoBase.moved, year));
  if (notPassing(checks, "keyphrase-in-title") || notPassing(checks, "title-width")) {
    // A part of the title that starts with the keyphrase ("Kettle descaling: how to descale a kettle safely") reads
    // better in search results than the keyphrase put in front of the whole title.
    const parts = title.text
      .split(/\s*(?::|\||\s[-–—]\s)\s*/)
      .slice(1)
      .filter((part) => compiled && findPhrase(compiled, tokenizeWords(part).map(stemWord)) === 0)
      .map(capitalise);
    const fitted = fitSeoTitle({
      candidates: [...parts, seoBase.text],
      keyphrase,
      title: title.text,
      brand: input.siteName,
    });
    if (fitted && fitted !== seoAfter) {
      seoAfter = fitted;
      if (notPassing(checks, "keyphrase-in-title"))
        seoWhy.push(`Puts the keyphrase "${keyphrase}" at the start of the title search results show.`);
      if (failing(checks, "title-width"))
        seoWhy.push("Fits the title search results show within about 600 pixels, so it is not cut off.");
      else if (notPassing(checks, "title-width"))
        seoWhy.push("Uses more of the 600 pixels search results give the title, so it says more.");
    }
  }
  if (input.seoTitleWritable && seoWhy.length > 0 && seoAfter !== seoBefore) {
    items.push({
      id: "seo-title",
      kind: "seoTitle",
      label: "SEO title",
      before: seoBefore,
      after: seoAfter,
      why: seoWhy,
    });
  }

  // Meta description.
  const metaWhy: string[] = [];
  let metaAfter = updateDatedYears(post.metaDescription, year, "headline");
  if (metaAfter.moved.length > 0) metaWhy.push(movedWhy(metaAfter.moved, year));
  const metaMissesKeyphrase = notPassing(checks, "keyphrase-in-meta-description");
  const metaLength = notPassing(checks, "meta-description-length");
  if (metaMissesKeyphrase || metaLength) {
    const written =
      input.metaDescription?.trim() ||
      offlineMetaDescription(prose.text, input.siteName, (count) => (post.title.length + keyphrase.length) % count);
    metaAfter = { text: written, moved: [] };
    if (!post.metaDescription.trim()) metaWhy.push("Adds a meta description: search results show it under the title.");
    else {
      if (metaMissesKeyphrase) metaWhy.push(`Names the keyphrase "${keyphrase}" in the meta description.`);
      if (metaLength)
        metaWhy.push("Makes the meta description 120 to 156 characters, so it shows whole in search results.");
    }
  }
  if (metaWhy.length > 0 && metaAfter.text !== post.metaDescription) {
    items.push({
      id: "meta-description",
      kind: "metaDescription",
      label: "Meta description",
      before: post.metaDescription,
      after: metaAfter.text,
      why: metaWhy,
    });
  }

  // The body, part by part.
  const sections = splitPostSections(post.html);
  const linkTargets = sections.filter((s) => s.kind === "section").map((s) => s.index);
  if (linkTargets.length === 0) linkTargets.push(0);
  const linksByPart = new Map<number, SiteLinkCandidate[]>();
  // A page whose title is all keyphrase has no other words to link with: it is left out.
  const usableLinks = input.links.filter((link) => linkTextWithoutKeyphrase(link.title, keyphrase).trim() !== "");
  usableLinks.forEach((link, i) => {
    const part = linkTargets[i % linkTargets.length]!;
    linksByPart.set(part, [...(linksByPart.get(part) ?? []), link]);
  });
  const altNeedsKeyphrase = notPassing(checks, "keyphrase-in-image-alt");
  let keyphraseAltPending = altNeedsKeyphrase && /<img\b/i.test(post.html);
  // An outside source goes into the first body section (the introduction when there is none).
  let outboundPending = notPassing(checks, "outbound-links");
  const outboundPart = linkTargets[0]!;
  const blockMarkup = /<!--\s*wp:/.test(post.html);

  for (const section of sections) {
    const why: string[] = [];
    const years = updateDatedYears(section.html, year, "body");
    let html = years.text;
    if (section.heading) {
      const heading = updateDatedYears(section.heading, year, "headline");
      if (heading.moved.length > 0) {
        html = html.replace(
          /(<h2[^>]*>)([\s\S]*?)(<\/h2>)/i,
          (_m, open: string, inner: string, close: string) =>
            `${open}${updateDatedYears(inner, year, "headline").text}${close}`,
        );
        years.moved.push(...heading.moved);
      }
    }
    if (years.moved.length > 0) why.push(movedWhy([...new Set(years.moved)], year));
    if (section.kind === "introduction" && notPassing(checks, "keyphrase-in-introduction")) {
      html = addToIntroduction(html, keyphraseSentence(prose, year));
      why.push(
        `Mentions the keyphrase "${keyphrase}" in the introduction, where readers and search engines look for the topic.`,
      );
    }
    if (failing(checks, "single-h1") && /<h1[\s>]/i.test(html)) {
      html = demoteH1(html);
      why.push("Makes the body's H1 heading an H2: the page's one H1 is the post's title.");
    }
    if (failing(checks, "competing-links")) {
      const unlinked = unlinkKeyphrase(html, keyphrase);
      if (unlinked.changed > 0) {
        html = unlinked.html;
        why.push(
          `Links with other words than "${keyphrase}", so that this post, not the page it links to, ranks for it.`,
        );
      }
    }
    if (notPassing(checks, "paragraph-length")) {
      const shorter = splitLongParagraphs(html, blockMarkup);
      if (shorter.split > 0) {
        html = shorter.html;
        why.push("Splits a paragraph of more than 150 words in two, so it is easier to read.");
      }
    }
    // The alt text names the keyphrase as a phrase reads ("Caring for a coffee grinder", not "Care coffee grinder").
    const alts = fillImageAlts(html, prose.text, keyphraseAltPending);
    if (alts.filled > 0) {
      if (keyphraseAltPending)
        why.push(`Describes the image${alts.filled > 1 ? "s" : ""} with alt text, the first naming "${keyphrase}".`);
      else
        why.push(
          `Describes ${alts.filled > 1 ? `${alts.filled} images` : "an image"} with alt text for readers who cannot see ${alts.filled > 1 ? "them" : "it"}.`,
        );
      keyphraseAltPending = false;
      html = alts.html;
    }
    const links = linksByPart.get(section.index) ?? [];
    links.forEach((link, i) => {
      const text = linkTextWithoutKeyphrase(link.title, keyphrase);
      const anchor = `<a href="${escapeHtml(link.url)}">${escapeHtml(text)}</a>`;
      html = appendToLastParagraph(
        html,
        linkLeads[(section.index + i) % linkLeads.length]!.replace("{anchor}", anchor),
      );
    });
    if (outboundPending && section.index === outboundPart) {
      const anchor = `<a href="${escapeHtml(outsideSource(prose))}">Wikipedia's overview</a>`;
      html = appendToLastParagraph(html, `For more background, see ${anchor}.`);
      why.push("Links to an outside source for background (Wikipedia's overview); swap in a source you trust.");
      outboundPending = false;
    }
    if (links.length > 0) {
      why.push(
        `Links to ${links.length > 1 ? `${links.length} newer pages` : "a newer page"} of the site (${links.map((l) => `"${l.title}"`).join(", ")}), with words other than the keyphrase.`,
      );
    }
    if (html !== section.html && why.length > 0) {
      items.push({
        id: `part-${section.index}`,
        kind: section.kind,
        label: sectionLabel(section.kind, section.heading),
        before: section.html,
        after: html,
        why,
      });
    }
  }

  if (notPassing(checks, "keyphrase-in-image-alt")) {
    const named = (text: string) => compiled !== null && reflectsKeyphrase(compiled, analyseSentence(text).stems);
    const image = imageItem({ html: post.html, image: input.image, keyphrase, prose, named, blocks: blockMarkup });
    if (image) items.push(image);
  }

  input.added.forEach((added, i) => {
    const why = ["Covers what the post lacks, as a section of its own."];
    const named = compiled !== null && reflectsKeyphrase(compiled, analyseSentence(added.heading).stems);
    if (notPassing(checks, "keyphrase-in-subheadings") && named) {
      why.push(`Its heading names the keyphrase "${keyphrase}".`);
    }
    if (notPassing(checks, "text-length")) why.push("Brings the post to a length search engines treat as substantial.");
    items.push({
      id: `new-${i + 1}`,
      kind: "section",
      label: `New section: ${added.heading}`,
      before: "",
      after: added.html,
      why,
    });
  });
  return items;
}
