// Plain text of a post (stored beside the HTML for search, previews and excerpts): one paragraph per block,
// list items on their own lines, entities decoded, whitespace collapsed as a browser would.
import { Parser } from "htmlparser2";

const paragraphTags = new Set([
  "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "ul", "ol", "table", "figure", "hr", "section", "article",
]);
const lineTags = new Set(["li", "tr", "figcaption", "caption", "dt", "dd"]);
const skippedTags = new Set(["script", "style", "noscript", "template", "iframe", "svg", "head", "title"]);

export function htmlToPlainText(html: string): string {
  const blocks: string[] = [];
  let line = "";
  let skipping = 0;
  let preDepth = 0;

  const endLine = (blankAfter: boolean) => {
    const text = preDepth > 0 ? line.replace(/\s+$/, "") : line.replace(/\s+/g, " ").trim();
    if (text) blocks.push(text);
    if (blankAfter && blocks.length > 0 && blocks[blocks.length - 1] !== "") blocks.push("");
    line = "";
  };

  const parser = new Parser(
    {
      onopentag(name) {
        if (skippedTags.has(name)) skipping++;
        if (skipping) return;
        if (paragraphTags.has(name)) endLine(true);
        else if (lineTags.has(name)) endLine(false);
        if (name === "pre") preDepth++;
        if (name === "li") line += "- ";
        if (name === "td" || name === "th") line += line.trim() ? " | " : "";
      },
      ontext(text) {
        if (!skipping) line += text;
      },
      onclosetag(name) {
        if (skippedTags.has(name)) {
          skipping = Math.max(0, skipping - 1);
          return;
        }
        if (skipping) return;
        if (name === "br") {
          endLine(false);
          return;
        }
        if (paragraphTags.has(name)) endLine(true);
        else if (lineTags.has(name)) endLine(false);
        if (name === "pre") preDepth = Math.max(0, preDepth - 1);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  endLine(false);
  return blocks.join("\n").replace(/\n{3,}/g, "\n\n").trim();
}
