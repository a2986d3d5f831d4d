import type { SeoContext } from "../context.ts";
import type { SeoLink } from "../document/parse-seo-document.ts";
import type { SeoCheck } from "../types.ts";
import { checkResult, plural } from "./format.ts";

export type LinkTarget = "internal" | "outbound";

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * Where a link goes: relative links and links to the site's own host (with or without "www.") are internal, other
 * web links outbound. Same-page anchors, mail, phone and script links are neither (null).
 */
export function classifyLink(href: string, siteHost: string | null): LinkTarget | null {
  if (href === "" || href.startsWith("#")) return null;
  const scheme = SCHEME.exec(href)?.[1]?.toLowerCase();
  if (scheme === undefined && !href.startsWith("//")) return "internal";
  if (scheme !== undefined && scheme !== "http" && scheme !== "https") return null;
  let host: string;
  try {
    host = new URL(href.startsWith("//") ? `https:${href}` : href).hostname.replace(/^www\./, "");
  } catch {
    return null;
  }
  return siteHost !== null && host === siteHost ? "internal" : "outbound";
}

function linksTo(context: SeoContext, target: LinkTarget): SeoLink[] {
  return context.document.links.filter((link) => classifyLink(link.href, context.siteHost) === target);
}

function allNofollow(links: SeoLink[], target: LinkTarget): string {
  return links.length === 1
    ? `The only ${target} link is nofollow.`
    : `All ${plural(links.length, `${target} link`)} are nofollow.`;
}

/** Yoast SEO: at least one followed link to another page of the same site. */
export function checkInternalLinks(context: SeoContext): SeoCheck {
  const id = "internal-links";
  const label = "Internal links";
  const links = linksTo(context, "internal");
  if (links.length === 0) {
    return checkResult(
      id,
      label,
      "fail",
      "The post has no internal links. Link to at least one related page or product on your site.",
    );
  }
  if (links.every((link) => link.nofollow)) {
    return checkResult(
      id,
      label,
      "warn",
      `${allNofollow(links, "internal")} Make at least one a normal link so it passes on link value.`,
    );
  }
  return checkResult(id, label, "pass", `The post has ${plural(links.length, "internal link")}. Well done.`);
}

/** Yoast SEO and Rank Math: at least one followed link to another site. */
export function checkOutboundLinks(context: SeoContext): SeoCheck {
  const id = "outbound-links";
  const label = "Outbound links";
  const links = linksTo(context, "outbound");
  if (links.length === 0) {
    return checkResult(
      id,
      label,
      "fail",
      "The post has no outbound links. Link to at least one credible source on another site.",
    );
  }
  if (links.every((link) => link.nofollow)) {
    return checkResult(
      id,
      label,
      "warn",
      `${allNofollow(links, "outbound")} Make at least one a normal link to a source you trust.`,
    );
  }
  return checkResult(id, label, "pass", `The post has ${plural(links.length, "outbound link")}. Well done.`);
}
