// The body split where a refresh proposes its changes: the introduction (everything before the first H2), each H2
// section, and the conclusion (the last of two or more H2 sections). Unlike the writers' parts, the pieces join back
// into exactly the body they came from, block editor comments included (a heading's <!-- wp:heading --> opens its
// section), so that parts the owner does not take stay byte for byte as they are.
export interface PostSection {
  /** 0 the introduction (possibly ""), then the H2 sections in order. */
  index: number;
  kind: "introduction" | "section" | "conclusion";
  /** The H2's text, or null for the introduction. */
  heading: string | null;
  html: string;
}

const H2_START = /(?:<!--\s*wp:heading\b[^>]*-->\s*)?<h2[\s>]/gi;

const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();

export function splitPostSections(html: string): PostSection[] {
  const starts = [...html.matchAll(H2_START)].map((match) => match.index ?? 0);
  const sections: PostSection[] = [
    { index: 0, kind: "introduction", heading: null, html: html.slice(0, starts[0] ?? html.length) },
  ];
  starts.forEach((start, i) => {
    const chunk = html.slice(start, starts[i + 1] ?? html.length);
    const heading = /<h2[^>]*>([\s\S]*?)<\/h2>/i.exec(chunk)?.[1] ?? "";
    sections.push({
      index: i + 1,
      kind: starts.length >= 2 && i === starts.length - 1 ? "conclusion" : "section",
      heading: textOf(heading) || null,
      html: chunk,
    });
  });
  return sections;
}
