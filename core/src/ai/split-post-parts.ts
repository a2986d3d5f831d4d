// The parts of a finished post as the writers report them while writing (WrittenPart): the text before the first H2
// is the introduction, each H2 opens a section, and the last of two or more H2s is the conclusion. Writers that
// produce the whole post at once (the offline writer) report its parts with it, so every surface shows the same.
import { htmlToPlainText } from "../content/index.ts";
import type { WrittenPart } from "./types.ts";

const H2_START = /<h2[\s>]/gi;

export function splitPostParts(html: string): WrittenPart[] {
  const starts = [...html.matchAll(H2_START)].map((match) => match.index ?? 0);
  const chunks: string[] = [];
  const intro = html.slice(0, starts[0] ?? html.length).trim();
  if (intro) chunks.push(intro);
  starts.forEach((start, i) => {
    const chunk = html.slice(start, starts[i + 1] ?? html.length).trim();
    if (chunk) chunks.push(chunk);
  });
  const hasIntro = Boolean(intro);
  const headed = starts.length;
  return chunks.map((chunk, index) => {
    const isIntro = hasIntro && index === 0;
    const isConclusion = !isIntro && headed >= 2 && index === chunks.length - 1;
    const heading = isIntro ? null : htmlToPlainText(chunk.slice(0, chunk.search(/<\/h2>/i) + 5)) || null;
    return {
      index,
      total: chunks.length,
      kind: isIntro ? "introduction" : isConclusion ? "conclusion" : "section",
      heading,
      html: chunk,
    };
  });
}
