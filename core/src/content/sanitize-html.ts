// The one allowlist for post HTML: what the generator writes and what the rich-text editor (Quill 2) produces.
// Everything else (scripts, event handlers, frames, forms, unknown tags and attributes, javascript:/data: URLs,
// CSS that could load anything) is dropped before a post is stored, shown or published.
import sanitizeHtml from "sanitize-html";

const blockTags = ["p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "hr", "br", "div"];
const inlineTags = ["strong", "b", "em", "i", "u", "s", "strike", "sub", "sup", "code", "span", "a", "mark", "small"];
const listTags = ["ul", "ol", "li"];
const mediaTags = ["img", "figure", "figcaption"];
const tableTags = ["table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td", "colgroup", "col"];

// Quill 2 formats: alignment, indent, direction, size and font as classes; code blocks and list items as classes or
// data attributes. Patterns are anchored so that only these exact names pass.
const quillClasses = [
  /^ql-align-(?:center|right|justify)$/,
  /^ql-indent-[1-8]$/,
  /^ql-direction-rtl$/,
  /^ql-size-(?:small|large|huge)$/,
  /^ql-font-(?:serif|monospace)$/,
  /^ql-code-block(?:-container)?$/,
  /^ql-syntax$/,
];

// Product cards (publishing/product-cards): the card's block and its parts, for the theme to style.
const productCardClasses = [/^postwright-product-card(?:__(?:image|name|price|availability|link))?$/];
const PRODUCT_ID = /^(?:gid:\/\/shopify\/Product\/\d+|woocommerce:\d+)$/;

const colour = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)$/i,
  /^[a-z]{3,20}$/i,
];

// Attributes limited to a few values (sanitize-html's own `values` leaves an empty attribute behind).
const allowedValues: Record<string, Record<string, readonly string[]>> = {
  a: { target: ["_blank", "_self"] },
  img: { loading: ["lazy", "eager"] },
  li: { "data-list": ["bullet", "ordered", "checked", "unchecked"] },
};

function restrictValues(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const rules = allowedValues[tagName];
  if (!rules) return attribs;
  const result = { ...attribs };
  for (const [name, values] of Object.entries(rules)) {
    const value = result[name];
    if (value !== undefined && !values.includes(value)) delete result[name];
  }
  return result;
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [...blockTags, ...inlineTags, ...listTags, ...mediaTags, ...tableTags],
  // Removed together with their content, not just unwrapped.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template", "svg", "math", "title", "head", "select", "button"],
  disallowedTagsMode: "discard",
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    li: ["data-list"],
    pre: ["data-language", "spellcheck"],
    div: ["data-language", "spellcheck", "data-product-id"],
    ol: ["start"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan", "scope"],
    col: ["span"],
    colgroup: ["span"],
    "*": ["style", "dir"],
  },
  allowedClasses: { "*": [...quillClasses, ...productCardClasses] },
  allowedStyles: {
    "*": {
      color: colour,
      "background-color": colour,
      "text-align": [/^(?:left|right|center|justify|start|end)$/],
      direction: [/^(?:ltr|rtl)$/],
      "font-size": [/^\d{1,3}(?:\.\d+)?(?:px|em|rem|%|pt)$/],
      "font-weight": [/^(?:normal|bold|[1-9]00)$/],
      "font-style": [/^(?:normal|italic)$/],
      "text-decoration": [/^(?:none|underline|line-through)$/],
      "padding-left": [/^\d{1,3}(?:\.\d+)?(?:px|em|rem)$/],
    },
  },
  // No data: at all (it can carry scripts in SVG or HTML), no javascript:, vbscript: or anything unknown.
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: true,
  allowVulnerableTags: false,
  transformTags: {
    "*": (tagName, attribs) => ({ tagName, attribs: restrictValues(tagName, attribs) }),
    // A product card names its product by the store's ID (a Shopify GID or a WooCommerce number), nothing else.
    div: (tagName, attribs) => {
      const result = restrictValues(tagName, attribs);
      const id = result["data-product-id"];
      if (id !== undefined && !PRODUCT_ID.test(id)) delete result["data-product-id"];
      return { tagName, attribs: result };
    },
    // Only new-tab and same-tab targets: a named target could address a frame of the host page.
    a: (tagName, attribs) => {
      const result = restrictValues(tagName, attribs);
      if (result.target === "_blank") {
        // A page opened in a new tab must not get a handle on this one, nor learn where the reader came from.
        const rel = new Set((result.rel ?? "").split(/\s+/).filter(Boolean));
        rel.add("noopener");
        rel.add("noreferrer");
        result.rel = [...rel].join(" ");
      }
      return { tagName, attribs: result };
    },
  },
  // A link or image whose URL was removed is of no use to the reader; keep a link's text, drop the image.
  exclusiveFilter: (frame) => {
    if (frame.tag === "a" && !frame.attribs.href) return "excludeTag";
    if (frame.tag === "img" && !frame.attribs.src) return true;
    return false;
  },
  nestingLimit: 40,
};

/** Returns `html` reduced to the tags, attributes, classes, styles and URL schemes a blog post may carry. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}
