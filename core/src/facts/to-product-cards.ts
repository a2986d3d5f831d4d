// The cards of a post's featured products, from what the store said when the post was written: the featured item's
// name, storefront address and image, and from the product's facts its lowest variant price and whether any variant is
// for sale. Collections get no card.
import type { FeaturedItem, ProductCard } from "../contracts/blog.ts";
import type { ProductFacts } from "../contracts/facts.ts";

export function toProductCards(featured: readonly FeaturedItem[], facts: readonly ProductFacts[]): ProductCard[] {
  return featured.flatMap((item): ProductCard[] => {
    if (item.kind !== "product") return [];
    const product = facts.find((p) => p.id === item.id);
    const prices = (product?.variants ?? []).map((v) => Number(v.price)).filter(Number.isFinite);
    // Without the product's facts, the featured item's own "19.00 USD" gives the price.
    const [amount, code] = (item.price ?? "").split(" ");
    const price = prices.length ? Math.min(...prices).toFixed(2) : amount || null;
    const currencyCode = product?.currencyCode ?? code ?? "USD";
    return [
      {
        productId: item.id,
        title: item.title,
        url: item.url,
        image: item.image ?? null,
        price,
        currencyCode,
        available: product ? product.variants.some((v) => v.availableForSale) : true,
      },
    ];
  });
}
