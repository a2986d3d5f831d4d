// Products and collections of a fake shop read by ID, for the posts that feature them: what `nodes(ids:)` and
// `node(id:)` answer. They are the shop's own products and collections (store-content.ts), the same ones the store's
// index lists; `addCatalogItems` adds some with a plain-text description and a price.
import { GraphQLError } from "graphql";
import type { FakeShop } from "./shop-state.ts";
import type { FakeCollection, FakeProduct, FakeVariant } from "./store-content.ts";

export interface FakeCatalogInput {
  products?: Array<
    Partial<Pick<FakeProduct, "handle" | "price" | "status" | "onlineStore" | "image">> & {
      title: string;
      description?: string;
    }
  >;
  collections?: Array<Partial<Pick<FakeCollection, "handle" | "published">> & { title: string; description?: string }>;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const asHtml = (text: string | undefined) => (text ? `<p>${escapeHtml(text)}</p>` : "");
const asText = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The shop's products and collections. */
export function catalogOf(shop: FakeShop): { products: FakeProduct[]; collections: FakeCollection[] } {
  return { products: shop.products, collections: shop.collections };
}

/** Adds products and collections to a shop; returns them with their IDs. */
export function addCatalogItems(
  shop: FakeShop,
  input: FakeCatalogInput,
): { products: FakeProduct[]; collections: FakeCollection[] } {
  const products = (input.products ?? []).map(({ description, ...product }) =>
    shop.addProduct({ ...product, descriptionHtml: asHtml(description) }),
  );
  const collections = (input.collections ?? []).map(({ description, ...collection }) =>
    shop.addCollection({ ...collection, descriptionHtml: asHtml(description) }),
  );
  return { products, collections };
}

function requireReadProducts(shop: FakeShop, type: string): void {
  if (shop.scopes.has("read_products") || shop.scopes.has("write_products")) return;
  throw new GraphQLError(`Access denied for ${type}. Required access: \`read_products\` access scope.`, {
    extensions: {
      code: "ACCESS_DENIED",
      documentation: "https://shopify.dev/api/usage/access-scopes",
      requiredAccess: "`read_products` access scope.",
    },
  });
}

function truncate(text: string, at: number | null | undefined): string {
  if (!at || text.length <= at) return text;
  return `${text.slice(0, Math.max(0, at - 3))}...`;
}

function productView(shop: FakeShop, product: FakeProduct) {
  const published = product.onlineStore && product.status === "ACTIVE";
  return {
    __typename: "Product",
    id: product.id,
    title: product.title,
    handle: product.handle,
    status: product.status,
    description: (args: { truncateAt?: number | null }) => truncate(asText(product.descriptionHtml), args.truncateAt),
    onlineStoreUrl: published ? `${shop.primaryDomainUrl.replace(/\/+$/, "")}/products/${product.handle}` : null,
    ...productFactsView(product),
  };
}

/** The product's variants: its own, or the one default variant at its price. */
export function variantsOf(product: FakeProduct): FakeVariant[] {
  return (
    product.variants ?? [
      {
        title: "Default Title",
        price: product.price,
        availableForSale: true,
        selectedOptions: [{ name: "Title", value: "Default Title" }],
      },
    ]
  );
}

const money = (amount: string) => ({ amount: Number(amount).toFixed(2), currencyCode: "USD" });

/** What a product's facts are read from: its options, variants (price, availability, options), price range and image. */
export function productFactsView(product: FakeProduct) {
  const variants = variantsOf(product);
  const prices = variants.map((v) => Number(v.price));
  const productNumber = product.id.replace(/^.*\//, "");
  const options: Array<{ name: string; values: string[] }> = [];
  for (const variant of variants) {
    for (const { name, value } of variant.selectedOptions) {
      const option = options.find((o) => o.name === name) ?? (options.push({ name, values: [] }), options.at(-1)!);
      if (!option.values.includes(value)) option.values.push(value);
    }
  }
  return {
    options: (args: { first?: number | null }) =>
      options
        .slice(0, args.first ?? undefined)
        .map((o, i) => ({ id: `gid://shopify/ProductOption/${productNumber}${i}`, ...o })),
    // The featured media as a MediaImage whose preview is the image (null without one, as Shopify answers).
    featuredMedia: product.image
      ? {
          __typename: "MediaImage",
          id: `gid://shopify/MediaImage/${productNumber}`,
          mediaContentType: "IMAGE",
          alt: product.image.altText,
          preview: { status: "READY", image: { url: product.image.url, altText: product.image.altText } },
        }
      : null,
    priceRangeV2: {
      minVariantPrice: money(String(Math.min(...prices))),
      maxVariantPrice: money(String(Math.max(...prices))),
    },
    variants: (args: { first?: number | null }) => {
      const nodes = variants.slice(0, args.first ?? 250).map((v, i) => ({
        id: `gid://shopify/ProductVariant/${productNumber}${String(v.id ?? i + 1).padStart(3, "0")}`,
        title: v.title,
        price: Number(v.price).toFixed(2),
        availableForSale: v.availableForSale,
        selectedOptions: v.selectedOptions,
      }));
      return {
        nodes,
        edges: nodes.map((node) => ({ node })),
        pageInfo: { hasNextPage: variants.length > nodes.length },
      };
    },
  };
}

function collectionView(collection: FakeCollection) {
  return {
    __typename: "Collection",
    id: collection.id,
    title: collection.title,
    handle: collection.handle,
    description: (args: { truncateAt?: number | null }) =>
      truncate(asText(collection.descriptionHtml), args.truncateAt),
  };
}

/** The product or collection with this ID as a node (undefined when it is neither: other resolvers may know it). */
export function catalogNodeView(shop: FakeShop, id: string): unknown {
  if (/^gid:\/\/shopify\/Product\//.test(id)) {
    requireReadProducts(shop, "Product object");
    const product = shop.products.find((p) => p.id === id);
    return product ? productView(shop, product) : null;
  }
  if (/^gid:\/\/shopify\/Collection\//.test(id)) {
    requireReadProducts(shop, "Collection object");
    const collection = shop.collections.find((c) => c.id === id);
    return collection ? collectionView(collection) : null;
  }
  return undefined;
}
