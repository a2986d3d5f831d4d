// The post as the pipeline builds it (intro, H2 sections with optional H3 parts, conclusion), and its assembly into
// the HTML that is stored: inline markup cleaned, each requested link present exactly once with link text that does
// not compete with the post's keyphrase, the uploaded images placed in the body with their alt text, and the result
// passed through the post allowlist.
import sanitizeHtml from "sanitize-html";
import type { ImageRef, LinkInput } from "../contracts/blog.ts";
import { sanitizePostHtml } from "../content/sanitize-html.ts";
import { holdsKeyphrase, linkTextWithoutKeyphrase, nonCompetingSpan } from "../seo/text/link-text.ts";

/**
 * A link the post must carry. A page of the owner's site picked from its index (`sitePage`) may be named anew; the
 * owner's own links and featured products and collections keep their words.
 */
export type PostLink = LinkInput & { featured?: unknown; sitePage?: boolean };

export interface PostPart {
  /** H3 heading, or null for the text right under the section's H2. */
  subheading: string | null;
  /** Inline HTML: text with <strong>, <em> and <a href> only. */
  paragraphs: string[];
  bullets: string[];
}

export interface PostSection {
  heading: string;
  parts: PostPart[];
}

export interface PostDocument {
  intro: string[];
  sections: PostSection[];
  conclusion: { heading: string; paragraphs: string[] };
}

export interface AssembleOptions {
  links: PostLink[];
  images: ImageRef[];
  /** Section index each link belongs to when it has to be added (defaults to spreading them). */
  linkSections?: number[];
  /** Makes relative image addresses absolute, so the HTML works wherever it is published. */
  siteUrl?: string;
  /** The post's focus keyphrase: no link text may hold all of its words (see `unlinkKeyphrase`). */
  keyphrase?: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A heading is plain text: markup, markdown markers and numbering a model may add are removed. */
export function cleanHeading(heading: string): string {
  const text = sanitizeHtml(heading, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"');
  return text
    .replace(/^\s*#{1,6}\s*/, "")
    .replace(/\*\*|__/g, "")
    .replace(/^\s*(?:H[1-6]\s*[:.-]\s*)/i, "")
    .replace(/\s+/g, " ")
    .trim();
}

const inlineOptions: sanitizeHtml.IOptions = {
  allowedTags: ["strong", "em", "b", "i", "a", "br"],
  allowedAttributes: { a: ["href"] },
  allowedSchemes: ["http", "https", "mailto"],
  transformTags: { b: "strong", i: "em" },
};

/** Cleans one paragraph: markdown emphasis and links a model slips in become HTML, anything else is dropped. */
export function cleanInline(text: string): string {
  const withHtml = text
    .replace(/\[([^\]\n]+)\]\((https?:\/\/[^)\s]+)\)/g, '<a href="$2">$1</a>')
    .replace(/\*\*([^*\n]+)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[\s(])\*([^*\s][^*\n]*?)\*(?=[\s.,;:!?)]|$)/g, "$1<em>$2</em>")
    .replace(/^\s*(?:[-*•]\s+)/, "");
  return sanitizeHtml(withHtml, inlineOptions).replace(/\s+/g, " ").trim();
}

function normaliseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = "";
    return parsed.href.replace(/\/$/, "").toLowerCase();
  } catch {
    return url.trim().replace(/\/$/, "").toLowerCase();
  }
}

/** Which section each link goes to: spread evenly, in order, across the sections. */
export function spreadOver(count: number, slots: number): number[] {
  if (slots <= 0) return Array.from({ length: count }, () => 0);
  return Array.from({ length: count }, (_, i) => Math.floor((i * slots) / Math.max(count, 1)) % slots);
}

function absoluteUrl(url: string, siteUrl: string | undefined): string {
  if (!siteUrl || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("//")) return url;
  try {
    return new URL(url, siteUrl.endsWith("/") ? siteUrl : `${siteUrl}/`).href;
  } catch {
    return url;
  }
}

const linkLeads = [
  "For more on this, see",
  "You can read more in",
  "A good next step is",
  "For details, take a look at",
  "It is also worth reading",
];

const decodeEntities = (html: string) =>
  html
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

const LINK = /<a href="([^"]*)">([\s\S]*?)<\/a>/g;

/**
 * Link text must not hold every word of the post's focus keyphrase, or the post competes with the page it links to
 * for that keyphrase (Yoast SEO's "Competing links"). Where it does, only the part that does not stays linked and the
 * visible text is unchanged ("see our coffee <a>brewing guide</a>"); a link whose text is nothing but the keyphrase
 * is unwrapped, and `onUnlinked` is told its address.
 */
export function unlinkKeyphrase(
  html: string,
  keyphrase: string,
  onUnlinked: (href: string) => void = () => {},
): string {
  return html.replace(LINK, (whole, href: string, inner: string) => {
    const text = decodeEntities(inner.replace(/<[^>]*>/g, ""));
    if (!holdsKeyphrase(text, keyphrase)) return whole;
    const span = nonCompetingSpan(text, keyphrase);
    if (span === null) {
      onUnlinked(decodeEntities(href));
      return escapeHtml(text);
    }
    return `${escapeHtml(text.slice(0, span.start))}<a href="${href}">${escapeHtml(text.slice(span.start, span.end))}</a>${escapeHtml(text.slice(span.end))}`;
  });
}

/**
 * Makes every requested link appear exactly once: the first anchor to each one is kept, repeats and anchors to
 * addresses that were not requested are unwrapped (their text stays), and a missing link is added to its section.
 * With a keyphrase, no link text holds all of its words: a site page's title that does is shortened for a link that
 * is added ("How to Clean a Grinder" for "coffee grinder"), and any other link keeps only its other words linked.
 */
export function enforceLinks(
  doc: PostDocument,
  links: PostLink[],
  linkSections?: number[],
  keyphrase?: string,
): PostDocument {
  const wanted = new Map(links.map((link) => [normaliseUrl(link.url), link]));
  const seen = new Set<string>();
  const options: sanitizeHtml.IOptions = {
    ...inlineOptions,
    exclusiveFilter: (frame) => {
      if (frame.tag !== "a") return false;
      const key = normaliseUrl(frame.attribs.href ?? "");
      if (!wanted.has(key) || seen.has(key) || !frame.text.trim()) return "excludeTag";
      seen.add(key);
      return false;
    },
  };
  const unlinked = (href: string) => seen.delete(normaliseUrl(href));
  const fix = (html: string) => {
    const clean = sanitizeHtml(html, options);
    return keyphrase ? unlinkKeyphrase(clean, keyphrase, unlinked) : clean;
  };
  const result: PostDocument = {
    intro: doc.intro.map(fix),
    sections: doc.sections.map((section) => ({
      heading: section.heading,
      parts: section.parts.map((part) => ({
        subheading: part.subheading,
        paragraphs: part.paragraphs.map(fix),
        bullets: part.bullets.map(fix),
      })),
    })),
    conclusion: { heading: doc.conclusion.heading, paragraphs: doc.conclusion.paragraphs.map(fix) },
  };

  const targets = linkSections ?? spreadOver(links.length, result.sections.length);
  links.forEach((link, index) => {
    if (seen.has(normaliseUrl(link.url))) return;
    seen.add(normaliseUrl(link.url));
    // A page of the site is named by words that do not compete; the owner's links and the products keep their words.
    const text = keyphrase && link.sitePage ? linkTextWithoutKeyphrase(link.description, keyphrase) : link.description;
    const anchor = `<a href="${escapeHtml(link.url)}">${escapeHtml(text)}</a>`;
    const sentence = `${linkLeads[index % linkLeads.length]} ${keyphrase ? unlinkKeyphrase(anchor, keyphrase) : anchor}.`;
    const section = result.sections[Math.min(targets[index] ?? 0, result.sections.length - 1)];
    const part = section?.parts.find((p) => p.paragraphs.length > 0);
    const paragraphs = part?.paragraphs ?? result.intro;
    const last = paragraphs.length - 1;
    if (last >= 0) paragraphs[last] = `${paragraphs[last]} ${sentence}`;
    else paragraphs.push(sentence);
  });
  return result;
}

/** Cleaned paragraphs; a string holding several (separated by a blank line) becomes several. */
function cleanParagraphs(list: string[]): string[] {
  return list.flatMap((text) => text.split(/\n\s*\n/)).map(cleanInline).filter(Boolean);
}

/** Builds the post's HTML body (no H1: platforms print the title themselves). */
export function assemblePostHtml(doc: PostDocument, options: AssembleOptions): string {
  const fixed = enforceLinks(
    {
      intro: cleanParagraphs(doc.intro),
      sections: doc.sections.map((section) => ({
        heading: cleanHeading(section.heading),
        parts: section.parts.map((part) => ({
          subheading: part.subheading === null ? null : cleanHeading(part.subheading) || null,
          paragraphs: cleanParagraphs(part.paragraphs),
          bullets: part.bullets.map(cleanInline).filter(Boolean),
        })),
      })),
      conclusion: {
        heading: cleanHeading(doc.conclusion.heading),
        paragraphs: cleanParagraphs(doc.conclusion.paragraphs),
      },
    },
    options.links,
    options.linkSections,
    options.keyphrase,
  );

  // Images go after the first paragraph of the sections they are spread over; alt text is the uploader's
  // description, else the heading of the section the image illustrates.
  const imagesBySection = new Map<number, string[]>();
  const imageSlots = spreadOver(options.images.length, Math.max(fixed.sections.length, 1));
  options.images.forEach((image, index) => {
    const slot = imageSlots[index] ?? 0;
    const alt = image.altText.trim() || fixed.sections[slot]?.heading || "";
    const tag = `<p><img src="${escapeHtml(absoluteUrl(image.url, options.siteUrl))}" alt="${escapeHtml(alt)}" loading="lazy" /></p>`;
    imagesBySection.set(slot, [...(imagesBySection.get(slot) ?? []), tag]);
  });

  const out: string[] = [];
  out.push(...fixed.intro.map((p) => `<p>${p}</p>`));
  if (fixed.sections.length === 0) out.push(...(imagesBySection.get(0) ?? []));
  fixed.sections.forEach((section, index) => {
    out.push(`<h2>${escapeHtml(section.heading)}</h2>`);
    let images = imagesBySection.get(index) ?? [];
    for (const part of section.parts) {
      if (part.subheading) out.push(`<h3>${escapeHtml(part.subheading)}</h3>`);
      part.paragraphs.forEach((p, i) => {
        out.push(`<p>${p}</p>`);
        if (i === 0 && images.length > 0) {
          out.push(...images);
          images = [];
        }
      });
      if (part.bullets.length > 0) out.push(`<ul>${part.bullets.map((b) => `<li>${b}</li>`).join("")}</ul>`);
    }
    out.push(...images);
  });
  out.push(`<h2>${escapeHtml(fixed.conclusion.heading)}</h2>`);
  out.push(...fixed.conclusion.paragraphs.map((p) => `<p>${p}</p>`));
  return sanitizePostHtml(out.join("\n"));
}

/**
 * One part of the post as it is written (its H2, its H3 parts, paragraphs and lists), for showing the post while the
 * rest is written; links are not checked yet and images are not placed (the assembled post does both).
 */
export function renderPartHtml(heading: string | null, parts: PostPart[]): string {
  const out: string[] = [];
  if (heading !== null) out.push(`<h2>${escapeHtml(cleanHeading(heading))}</h2>`);
  for (const part of parts) {
    if (part.subheading !== null) out.push(`<h3>${escapeHtml(cleanHeading(part.subheading))}</h3>`);
    out.push(...part.paragraphs.map((p) => `<p>${cleanInline(p)}</p>`));
    if (part.bullets.length) out.push(`<ul>${part.bullets.map((b) => `<li>${cleanInline(b)}</li>`).join("")}</ul>`);
  }
  return sanitizePostHtml(out.join("\n"));
}

export interface DocumentEdits {
  /** New HTML of paragraphs, by id (P1, P2, ... in reading order). */
  paragraphs: Map<string, string>;
  /** New text of headings, by id (H1, H2, ... in reading order, conclusion last). */
  headings: Map<string, string>;
  /** Paragraphs to insert after the paragraph with the given id. */
  added: Map<string, string[]>;
}

// Both functions below walk the document in the same order, so that ids in a listing name the same blocks on edit.

/** The document as a numbered listing, for a model to refer to its blocks by id. */
export function listDocument(doc: PostDocument): string {
  let p = 0;
  let h = 0;
  const lines: string[] = [];
  const paragraphs = (list: string[]) => list.forEach((html) => lines.push(`[P${++p}] ${html}`));
  paragraphs(doc.intro);
  for (const section of doc.sections) {
    lines.push(`[H${++h}] ## ${section.heading}`);
    for (const part of section.parts) {
      if (part.subheading !== null) lines.push(`[H${++h}] ### ${part.subheading}`);
      paragraphs(part.paragraphs);
      part.bullets.forEach((bullet) => lines.push(`  - ${bullet}`));
    }
  }
  lines.push(`[H${++h}] ## ${doc.conclusion.heading}`);
  paragraphs(doc.conclusion.paragraphs);
  return lines.join("\n");
}

/** A copy of the document with the edits applied; unknown ids are ignored. */
export function editDocument(doc: PostDocument, edits: DocumentEdits): PostDocument {
  let p = 0;
  let h = 0;
  const paragraphs = (list: string[]) =>
    list.flatMap((html) => {
      const id = `P${++p}`;
      return [edits.paragraphs.get(id) ?? html, ...(edits.added.get(id) ?? [])];
    });
  const heading = (text: string) => edits.headings.get(`H${++h}`) ?? text;
  const intro = paragraphs(doc.intro);
  const sections = doc.sections.map((section) => {
    const sectionHeading = heading(section.heading);
    const parts = section.parts.map((part) => {
      const subheading = part.subheading === null ? null : heading(part.subheading);
      return { subheading, paragraphs: paragraphs(part.paragraphs), bullets: [...part.bullets] };
    });
    return { heading: sectionHeading, parts };
  });
  const conclusionHeading = heading(doc.conclusion.heading);
  return { intro, sections, conclusion: { heading: conclusionHeading, paragraphs: paragraphs(doc.conclusion.paragraphs) } };
}
