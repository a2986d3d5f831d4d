/** The longest slug the writer makes and the slug checks accept without a warning (Rank Math: 75 characters). */
export const SLUG_MAX_LENGTH = 75;

/**
 * A URL slug of a text: lower-case ASCII letters and digits joined by single hyphens, accents dropped ("Café au
 * lait" -> "cafe-au-lait"), cut at a hyphen to at most `maxLength` characters. Empty when nothing is left.
 */
export function slugify(text: string, maxLength = SLUG_MAX_LENGTH): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength + 1);
  const end = cut.lastIndexOf("-");
  return (end > 0 ? cut.slice(0, end) : slug.slice(0, maxLength)).replace(/-+$/, "");
}
