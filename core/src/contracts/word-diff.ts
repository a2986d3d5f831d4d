// What changed between two versions of a refresh item, word by word, as the site and the Shopify app show it: the
// longest common run of words is kept, the rest is removed or added. Body parts are compared as readable text: tags
// dropped, each block on its own line, an image as "[Image: <alt text>]" and a link as its words followed by
// "(link: <address>)", so an added alt text or link shows as words.
export interface DiffSegment {
  kind: "same" | "removed" | "added";
  text: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** The few entities HTML escaping writes ("&amp;", "&quot;"...) as their characters; others are left as they are. */
export const decodeEntities = (text: string): string =>
  text.replace(/&(#?\w+);/g, (match, name: string) => ENTITIES[name] ?? match);

export function readableText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<img\b[^>]*>/gi, (tag) => {
      const alt = /\salt\s*=\s*("([^"]*)"|'([^']*)')/i.exec(tag);
      const text = (alt?.[2] ?? alt?.[3] ?? "").trim();
      return ` [Image: ${text || "no alt text"}] `;
    })
    .replace(
      /<a\b[^>]*href\s*=\s*("([^"]*)"|'([^']*)')[^>]*>([\s\S]*?)<\/a>/gi,
      (_m, _q, d: string, s: string, inner: string) => `${inner} (link: ${d ?? s})`,
    )
    .replace(/<\/(p|h[1-6]|li|ul|ol|blockquote|div|figure|table|tr)>/gi, "\n")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#?\w+);/g, (match) => decodeEntities(match))
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n[\s]*/g, "\n")
    .trim();
}

const tokens = (text: string) => text.match(/\s+|[^\s]+/g) ?? [];

/** Past this many word pairs the versions are shown as one removal and one addition. */
const MAX_CELLS = 4_000_000;

export function diffWords(before: string, after: string): DiffSegment[] {
  const a = tokens(before);
  const b = tokens(after);
  const push = (out: DiffSegment[], kind: DiffSegment["kind"], text: string) => {
    const last = out[out.length - 1];
    if (last && last.kind === kind) last.text += text;
    else out.push({ kind, text });
  };
  if (a.length * b.length > MAX_CELLS) {
    const out: DiffSegment[] = [];
    if (before) push(out, "removed", before);
    if (after) push(out, "added", after);
    return out;
  }
  // lengths[i][j]: the longest common run of a[i..] and b[j..].
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const out: DiffSegment[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push(out, "same", a[i]!);
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      push(out, "removed", a[i++]!);
    } else {
      push(out, "added", b[j++]!);
    }
  }
  while (i < a.length) push(out, "removed", a[i++]!);
  while (j < b.length) push(out, "added", b[j++]!);
  return out;
}
