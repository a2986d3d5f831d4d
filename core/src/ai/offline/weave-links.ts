// Each link goes into the first paragraph of one section, spread over the sections, with a varied lead-in.
import { escapeHtml, type PostSection, spreadOver } from "../post-document.ts";
import { linkTextWithoutKeyphrase } from "../../seo/text/link-text.ts";
import type { Template } from "./composer.ts";
import type { OfflineContext } from "./offline-context.ts";

const linkLeads: Template = [
  "For a closer look, see {anchor}.",
  "You can learn more in {anchor}.",
  "If you want more detail, {anchor} is a good place to start.",
  "It is also worth reading {anchor}.",
  "Take a look at {anchor} for practical examples.",
];
// A featured product or collection is named by its title, the way a shop talks about what it sells.
const productLeads: Template = [
  "If you want to put this into practice, our {anchor}{price} is a good place to start.",
  "Our {anchor}{price} was made with exactly this in mind.",
  "For an easy first step, try our {anchor}{price}.",
];
const collectionLeads: Template = [
  "You will find everything you need for this in our {anchor} collection.",
  "Browse our {anchor} collection for ideas that fit.",
];

/** Adds a sentence with each of the brief's links to the sections (in place); returns the section index of each. */
export function weaveLinks({ brief, c }: OfflineContext, sections: PostSection[]): number[] {
  const linkSections = spreadOver(brief.links.length, sections.length);
  brief.links.forEach((link, index) => {
    const first = sections[linkSections[index] ?? 0]?.parts[0];
    const item = link.featured;
    // A page of the site is named by words that do not compete with the post for its keyphrase; the owner's links
    // and the products keep their words (those that compete are left out of the link when the post is assembled).
    const text = link.sitePage ? linkTextWithoutKeyphrase(link.description, brief.keyphrase) : link.description;
    const anchor = `<a href="${escapeHtml(link.url)}">${escapeHtml(text)}</a>`;
    const sentence = !item
      ? c.fill(linkLeads, { anchor })
      : item.kind === "product"
        ? c.fill(productLeads, { anchor, price: item.price ? ` (${escapeHtml(item.price)})` : "" })
        : c.fill(collectionLeads, { anchor });
    if (first?.paragraphs[0] !== undefined) first.paragraphs[0] = `${first.paragraphs[0]} ${sentence}`;
  });
  return linkSections;
}
