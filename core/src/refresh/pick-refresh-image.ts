// The image a refresh proposes for a post that has none: one the owner's own site already has (a product's or a
// collection's featured image, a page's or post's featured media, as the site index keeps them), from the page of the
// site that fits the post best (the same picker as the post's links), else from a page the post links to. Only the
// site's own addresses are taken, and only images whose address is on the web (https, or http for a local site).
import type { SiteLinkCandidate } from "../site-index/pick-site-links.ts";
import { pickSiteLinks } from "../site-index/pick-site-links.ts";

export interface RefreshImage {
  /** The image's address. */
  src: string;
  /** The image's own alt text on the site ("" when it has none). */
  alt: string;
  /** The page it belongs to: its title and address. */
  page: { url: string; title: string };
}

export function pickRefreshImage(input: {
  /** The pages of the post's own site (its index), those with an image among them. */
  pages: readonly SiteLinkCandidate[];
  keyphrase: string;
  title: string;
  /** Addresses the post links to (as it is, and the links proposed): their images fit it too. */
  linked: readonly string[];
  /** The page of the post itself, whose image is not proposed for it. */
  self: string;
}): RefreshImage | null {
  const same = (a: string, b: string) =>
    a.replace(/[#?].*$/, "").replace(/\/+$/, "") === b.replace(/[#?].*$/, "").replace(/\/+$/, "");
  const withImage = input.pages.filter(
    (page) => page.image && /^https?:\/\//i.test(page.image.url) && !same(page.url, input.self),
  );
  if (withImage.length === 0) return null;
  const [best] = pickSiteLinks(withImage, {
    keyphrase: input.keyphrase,
    keywords: [input.keyphrase],
    title: input.title,
    max: 1,
  });
  const page = best ?? withImage.find((p) => input.linked.some((url) => same(url, p.url)));
  if (!page?.image) return null;
  return { src: page.image.url, alt: page.image.alt, page: { url: page.url, title: page.title } };
}
