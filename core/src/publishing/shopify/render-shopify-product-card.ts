// A featured product as a card in the post's HTML: the markup Shopify gets in the article body, for the theme to style
// (a block with a class, the image, the name as a link, the price, whether it is in stock and a "View product" link;
// no script, no inline style). It is written in the form the post sanitiser keeps unchanged, and it is also what the
// post holds while its cards are shown: the WordPress publication reads it back into blocks.
import type { ProductCard } from "../../contracts/blog.ts";
import { formatMoney } from "../../contracts/format-money.ts";

export const PRODUCT_CARD_CLASS = "postwright-product-card";

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, "&quot;");

export function renderShopifyProductCard(card: ProductCard): string {
  const url = escapeAttribute(card.url);
  const parts = [
    card.image
      ? `<img class="${PRODUCT_CARD_CLASS}__image" src="${escapeAttribute(card.image.url)}" alt="${escapeAttribute(card.image.altText || card.title)}" loading="lazy" />`
      : "",
    `<p class="${PRODUCT_CARD_CLASS}__name"><a href="${url}">${escapeText(card.title)}</a></p>`,
    card.price !== null
      ? `<p class="${PRODUCT_CARD_CLASS}__price">${escapeText(formatMoney(card.price, card.currencyCode))}</p>`
      : "",
    `<p class="${PRODUCT_CARD_CLASS}__availability">${card.available ? "In stock" : "Sold out"}</p>`,
    `<p class="${PRODUCT_CARD_CLASS}__link"><a href="${url}">View product</a></p>`,
  ];
  return `<div class="${PRODUCT_CARD_CLASS}" data-product-id="${escapeAttribute(card.productId)}">${parts.join("")}</div>`;
}
