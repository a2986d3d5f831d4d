// Featured products shown as cards in a post: the HTML the post and Shopify's article hold, where the cards go, and
// the same cards as WordPress blocks.
export { renderShopifyProductCard, PRODUCT_CARD_CLASS } from "../shopify/render-shopify-product-card.ts";
export { insertProductCards, type WrittenCard } from "./insert-product-cards.ts";
export { removeProductCards } from "./remove-product-cards.ts";
export { readProductCards, type CardInPost } from "./read-product-cards.ts";
export { renderWordpressProductCard, type WordpressCardOptions } from "../wordpress/render-wordpress-product-card.ts";
export { toWordpressProductCards } from "../wordpress/to-wordpress-product-cards.ts";
