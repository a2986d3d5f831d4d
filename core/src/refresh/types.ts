// A post of the owner's site as a refresh reads and writes it: the fields an update may change, as the platform
// stores them (WordPress's raw title, content and excerpt, and the SEO plugins' fields it exposes over REST; a Shopify
// article's title, body, summary and SEO title and description tags).
export interface EditablePost {
  /** WordPress post id, Shopify article GID. */
  remoteId: string;
  /** Its public address, which a refresh never changes. */
  url: string;
  slug: string | null;
  title: string;
  /** The body as stored (WordPress's raw content, block comments included; a Shopify article's body HTML). */
  html: string;
  /** WordPress's raw excerpt, a Shopify article's summary ("" when none). */
  excerpt: string;
  /** The SEO plugin's title (Yoast, Rank Math) or Shopify's title tag, else null. */
  seoTitle: string | null;
  /** The SEO plugin's description or Shopify's description tag, else the excerpt's text. */
  metaDescription: string;
  /**
   * WordPress: the SEO plugins' fields the site exposes over REST (only those are written), with their values.
   * Shopify: empty (the tags are metafields, written by name).
   */
  seoMeta: Record<string, string>;
  modifiedAt: string | null;
}

/** The fields written back to the site. */
export interface PostVersion {
  title: string;
  html: string;
  seoTitle: string | null;
  metaDescription: string;
}

/**
 * The one connected site a caller may reach (the plugin's credential reaches its own site only); undefined: every
 * site of the owner (the owner signed in on Postwright's site).
 */
export interface RefreshScope {
  platform: "shopify" | "wordpress";
  connectionId: number;
}

/** The where clause of a refresh or a post of Your posts, limited to the scope when there is one. */
export const inScope = (site: RefreshScope | undefined) =>
  site ? { platform: site.platform, connectionId: site.connectionId } : {};
