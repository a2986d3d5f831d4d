// The last step shared by both writers: the document becomes sanitised HTML and plain text, and is scored.
import { htmlToPlainText } from "../content/html-to-plain-text.ts";
import { analyzeSeo, type SeoReport } from "../seo/index.ts";
import type { Brief } from "./brief.ts";
import { assemblePostHtml, type PostDocument } from "./post-document.ts";

export interface RenderedPost {
  html: string;
  content: string;
  seo: SeoReport;
}

export function renderPost(
  brief: Brief,
  doc: PostDocument,
  meta: { title: string; seoTitle?: string; slug?: string; metaDescription: string },
  options: { siteUrl?: string; linkSections?: number[]; linkedSiteUrl?: string } = {},
): RenderedPost {
  const html = assemblePostHtml(doc, {
    links: brief.links,
    images: brief.images,
    linkSections: options.linkSections,
    siteUrl: options.siteUrl,
    keyphrase: brief.keyphrase,
  });
  const seo = analyzeSeo({
    title: meta.title,
    seoTitle: meta.seoTitle,
    slug: meta.slug,
    metaDescription: meta.metaDescription,
    html,
    keyphrase: brief.keyphrase,
    keywords: [brief.keyphrase, ...brief.secondaryKeywords],
    siteUrl: options.linkedSiteUrl ?? options.siteUrl,
  });
  return { html, content: htmlToPlainText(html), seo };
}
