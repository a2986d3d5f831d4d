// Products and collections of a fake shop, for the posts that feature them: what `nodes(ids:)` and `node(id:)` read.
// Kept apart from the shop's content state; a shop's catalogue is created on first use.
import { GraphQLError } from "graphql";
import { handleize, type FakeShop } from "./shop-state.ts";

export interface FakeProduct {
  id: string;
  title: string;
  handle: string;
  description: string;
  /** The lowest variant price, as Shopify's decimal string. */
  price: string;
  status: "ACTIVE" | "ARCHIVED" | "DRAFT";
  /** False for a product not published on the Online Store (its `onlineStoreUrl` is then null). */
  onlineStore: boolean;
}

export interface FakeCollection {
  id: string;
  title: string;
  handle: string;
  description: string;
}

export interface FakeCatalogInput {
  products?: Array<Partial<Omit<FakeProduct, "id">> & { title: string }>;
  collections?: Array<Partial<Omit<FakeCollection, "id">> & { title: string }>;
}

interface Catalog {
  products: FakeProduct[];
  collections: FakeCollection[];
}

const catalogs = new WeakMap<FakeShop, Catalog>();
let nextCatalogId = 7_000_000_001;

export function catalogOf(shop: FakeShop): Catalog {
  let catalog = catalogs.get(shop);
  if (!catalog) {
    catalog = { products: [], collections: [] };
    catalogs.set(shop, catalog);
  }
  return catalog;
}

/** Adds products and collections to a shop; returns them with their IDs. */
export function addCatalogItems(shop: FakeShop, input: FakeCatalogInput): Catalog {
  const catalog = catalogOf(shop);
  const products = (input.products ?? []).map((p) => ({
    id: `gid://shopify/Product/${nextCatalogId++}`,
    title: p.title,
    handle: p.handle ?? handleize(p.title),
    description: p.description ?? "",
    price: p.price ?? "10.00",
    status: p.status ?? "ACTIVE",
    onlineStore: p.onlineStore ?? true,
  }));
  const collections = (input.collections ?? []).map((c) => ({
    id: `gid://shopify/Collection/${nextCatalogId++}`,
    title: c.title,
    handle: c.handle ?? handleize(c.title),
    description: c.description ?? "",
  }));
  catalog.products.push(...products);
  catalog.collections.push(...collections);
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
    description: (args: { truncateAt?: number | null }) => truncate(product.description, args.truncateAt),
    onlineStoreUrl: published ? `${shop.primaryDomainUrl.replace(/\/+$/, "")}/products/${product.handle}` : null,
    priceRangeV2: {
      minVariantPrice: { amount: product.price, currencyCode: "USD" },
      maxVariantPrice: { amount: product.price, currencyCode: "USD" },
    },
  };
}

function collectionView(collection: FakeCollection) {
  return {
    __typename: "Collection",
    id: collection.id,
    title: collection.title,
    handle: collection.handle,
    description: (args: { truncateAt?: number | null }) => truncate(collection.description, args.truncateAt),
  };
}

/** The product or collection with this ID as a node (undefined when it is neither: other resolvers may know it). */
export function catalogNodeView(shop: FakeShop, id: string): unknown {
  const catalog = catalogs.get(shop);
  if (/^gid:\/\/shopify\/Product\//.test(id)) {
    requireReadProducts(shop, "Product object");
    const product = catalog?.products.find((p) => p.id === id);
    return product ? productView(shop, product) : null;
  }
  if (/^gid:\/\/shopify\/Collection\//.test(id)) {
    requireReadProducts(shop, "Collection object");
    const collection = catalog?.collections.find((c) => c.id === id);
    return collection ? collectionView(collection) : null;
  }
  return undefined;
}
