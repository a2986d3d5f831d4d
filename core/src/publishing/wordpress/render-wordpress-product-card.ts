// A product card as WordPress blocks, in the exact markup the block editor's own blocks save (so the editor opens it
// without "This block contains unexpected or invalid content"): a group holding the image, the name as a linked
// paragraph, the price and availability as paragraphs, and a "View product" button. Where the site runs WooCommerce and
// the product is one of its own, WooCommerce's product block shows it instead (WooCommerce renders it from the product).
import type { CardInPost } from "../product-cards/read-product-cards.ts";
import { PRODUCT_CARD_CLASS } from "../shopify/render-shopify-product-card.ts";

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, "&quot;");

/** Block comment attributes as WordPress serializes them (characters that could end the comment escaped). */
function blockAttributes(attributes: Record<string, unknown>): string {
  const json = JSON.stringify(attributes)
    .replace(/--/g, "\\u002d\\u002d")
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\\"/g, "\\u0022");
  return Object.keys(attributes).length ? ` ${json}` : "";
}

function block(name: string, attributes: Record<string, unknown>, html: string): string {
  return `<!-- wp:${name}${blockAttributes(attributes)} -->\n${html}\n<!-- /wp:${name} -->`;
}

const paragraph = (part: string, inner: string) =>
  block(
    "paragraph",
    { className: `${PRODUCT_CARD_CLASS}__${part}` },
    `<p class="${PRODUCT_CARD_CLASS}__${part}">${inner}</p>`,
  );

/**
 * WooCommerce's Single Product block for one of the site's products, with the inner blocks of WooCommerce's own
 * "product listing" pattern (image, linked name, price, add-to-cart button): WooCommerce fills each from the product
 * when the post is shown, so its price is always the store's.
 */
function woocommerceProductBlock(productId: number): string {
  const inner = [
    `<!-- wp:woocommerce/product-image${blockAttributes({ showProductLink: false, showSaleBadge: false, isDescendentOfSingleProductBlock: true })} /-->`,
    `<!-- wp:post-title${blockAttributes({ level: 3, isLink: true, __woocommerceNamespace: "woocommerce/product-query/product-title" })} /-->`,
    `<!-- wp:woocommerce/product-price${blockAttributes({ isDescendentOfSingleProductBlock: true })} /-->`,
    `<!-- wp:woocommerce/product-button${blockAttributes({ isDescendentOfSingleProductBlock: true })} /-->`,
  ];
  return block(
    "woocommerce/single-product",
    { productId, className: PRODUCT_CARD_CLASS },
    `<div class="wp-block-woocommerce-single-product ${PRODUCT_CARD_CLASS}">${inner.join("\n\n")}</div>`,
  );
}

export interface WordpressCardOptions {
  /** The product's id in the site's WooCommerce store, when the card is of one of its products and WooCommerce is active. */
  woocommerceProductId?: number;
}

export function renderWordpressProductCard(
  card: Omit<CardInPost, "start" | "end" | "markup">,
  options: WordpressCardOptions = {},
): string {
  if (options.woocommerceProductId !== undefined) return woocommerceProductBlock(options.woocommerceProductId);
  const url = escapeAttribute(card.url);
  const inner = [
    card.image
      ? block(
          "image",
          { className: `${PRODUCT_CARD_CLASS}__image` },
          `<figure class="wp-block-image ${PRODUCT_CARD_CLASS}__image"><img src="${escapeAttribute(card.image.url)}" alt="${escapeAttribute(card.image.alt)}"/></figure>`,
        )
      : "",
    paragraph("name", `<a href="${url}">${escapeText(card.name)}</a>`),
    card.price ? paragraph("price", escapeText(card.price)) : "",
    card.availability ? paragraph("availability", escapeText(card.availability)) : "",
    block(
      "buttons",
      {},
      `<div class="wp-block-buttons">${block(
        "button",
        {},
        `<div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="${url}">${escapeText(card.linkText)}</a></div>`,
      )}</div>`,
    ),
  ].filter(Boolean);
  return block(
    "group",
    { className: PRODUCT_CARD_CLASS },
    `<div class="wp-block-group ${PRODUCT_CARD_CLASS}">${inner.join("\n\n")}</div>`,
  );
}
