// Finds and rewrites the images of a post's HTML. Posts are sanitised before they reach a publisher, so attribute
// values are always quoted; a pattern over <img> tags is enough and leaves the rest of the markup untouched.

const IMG_SRC = /(<img\b[^>]*?\ssrc\s*=\s*)(?:"([^"]*)"|'([^']*)')/gi;

function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&#x0*27;|&apos;/gi, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function encodeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The src of every <img> in the HTML, decoded, in order of appearance, without repeats. */
export function imageSources(html: string): string[] {
  const sources = new Set<string>();
  for (const match of html.matchAll(IMG_SRC)) sources.add(decodeAttribute(match[2] ?? match[3] ?? ""));
  return [...sources].filter(Boolean);
}

/** Replaces the src of each <img> for which `replacement` returns a new address; other images stay as they are. */
export function replaceImageSources(html: string, replacement: (src: string) => string | undefined): string {
  return html.replace(IMG_SRC, (whole, prefix: string, double: string | undefined, single: string | undefined) => {
    const next = replacement(decodeAttribute(double ?? single ?? ""));
    return next === undefined ? whole : `${prefix}"${encodeAttribute(next)}"`;
  });
}

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/svg+xml": "svg",
};

/** A file name for an image in the store's Files: stable for a post and position, so a republish replaces it. */
export function shopifyImageFilename(
  handle: string,
  position: number,
  original: { filename: string; contentType: string },
): string {
  const fromName = /\.([a-z0-9]{2,5})$/i.exec(original.filename)?.[1]?.toLowerCase();
  const extension = EXTENSIONS[original.contentType.toLowerCase()] ?? fromName ?? "jpg";
  return `${handle.slice(0, 80).replace(/-+$/, "")}-${position}.${extension}`;
}
