// A shop's own catalogue and content besides its blog (products, collections, online store pages): the state, a
// generator that seeds N of each for tests and benchmarks, and the root fields that serve them, each behind the
// access scope Shopify asks for (read_products; pages: read_online_store_pages or read_content). The same products and
// collections are read by ID for featured items (catalog.ts).
import { GraphQLError } from "graphql";
import type { FakeShop } from "./shop-state.ts";
import { productFactsView } from "./catalog.ts";
import { dateMatches, parseSearchQuery, type SearchTerm } from "./search-syntax.ts";

export interface FakeProduct {
  id: string;
  title: string;
  handle: string;
  status: "ACTIVE" | "ARCHIVED" | "DRAFT" | "UNLISTED";
  /** Published to the online store sales channel (else onlineStoreUrl is null). */
  onlineStore: boolean;
  vendor: string;
  productType: string;
  tags: string[];
  descriptionHtml: string;
  /** The lowest variant price, as Shopify's decimal string (USD); the price of the one default variant when no
   * variants are given. */
  price: string;
  /** The product's variants (sizes, materials...), each with its own price and availability; left out, the product
   * has one "Default Title" variant at `price`, available for sale. */
  variants?: FakeVariant[];
  /** The product's featured image (its first media), if it has one. */
  image?: { url: string; altText: string | null };
  createdAt: string;
  updatedAt: string;
}

export interface FakeVariant {
  /** Its number within the product (the variant's GID is derived from it and the product's). */
  id?: string;
  title: string;
  /** Shopify's decimal string (USD). */
  price: string;
  availableForSale: boolean;
  selectedOptions: Array<{ name: string; value: string }>;
}

export interface FakeCollection {
  id: string;
  title: string;
  handle: string;
  /** Published to the online store. */
  published: boolean;
  descriptionHtml: string;
  /** The collection's image, if it has one. */
  image?: { url: string; altText: string | null };
  updatedAt: string;
}

export interface FakePage {
  id: string;
  title: string;
  handle: string;
  isPublished: boolean;
  body: string;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One of the store's events (Shopify's BasicEvent): here, a product's or collection's deletion. */
export interface FakeEvent {
  id: string;
  action: string;
  subjectType: "PRODUCT" | "COLLECTION";
  subjectId: string;
  message: string;
  createdAt: string;
}

export interface StoreContentSeed {
  products?: number;
  collections?: number;
  pages?: number;
  /** Every n-th product (and collection, page) is left unpublished (default 20; 0 publishes all). */
  unpublishedEvery?: number;
}

const ADJECTIVES = [
  "Organic",
  "Handmade",
  "Classic",
  "Everyday",
  "Premium",
  "Travel",
  "Cold Brew",
  "Ceramic",
  "Cast Iron",
  "Linen",
];
const NOUNS = [
  "Coffee Grinder",
  "Tea Kettle",
  "Pour-Over Set",
  "Espresso Cup",
  "Candle",
  "Apron",
  "Cutting Board",
  "Mug",
  "Teapot",
  "Scale",
];
const PAGES = [
  "About Us",
  "Shipping Policy",
  "Returns",
  "Brewing Guide",
  "Care Instructions",
  "Wholesale",
  "Our Roastery",
  "FAQ",
];

const handleOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

/** Adds generated products, collections and pages to the shop (titles varied enough for link picking to choose). */
export function seedStoreContent(shop: FakeShop, seed: StoreContentSeed): void {
  const every = seed.unpublishedEvery ?? 20;
  const hidden = (i: number) => every > 0 && i % every === every - 1;
  const now = new Date().toISOString();
  const start = shop.products.length;
  for (let i = start; i < start + (seed.products ?? 0); i++) {
    const title = `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[Math.floor(i / ADJECTIVES.length) % NOUNS.length]} No. ${i + 1}`;
    shop.addProduct({ title, status: hidden(i) ? "DRAFT" : "ACTIVE", onlineStore: !hidden(i), createdAt: now });
  }
  const collectionStart = shop.collections.length;
  for (let i = collectionStart; i < collectionStart + (seed.collections ?? 0); i++) {
    shop.addCollection({ title: `${NOUNS[i % NOUNS.length]} Collection ${i + 1}`, published: !hidden(i) });
  }
  const pageStart = shop.pages.length;
  for (let i = pageStart; i < pageStart + (seed.pages ?? 0); i++) {
    const base = PAGES[i % PAGES.length]!;
    shop.addPage({ title: i < PAGES.length ? base : `${base} ${i + 1}`, isPublished: !hidden(i) });
  }
}

export function newProduct(id: string, input: Partial<FakeProduct> & { title: string }): FakeProduct {
  const now = new Date().toISOString();
  return {
    id,
    handle: input.handle ?? handleOf(input.title),
    status: "ACTIVE",
    onlineStore: true,
    vendor: "Postwright Test Store",
    productType: "",
    tags: [],
    descriptionHtml: "",
    price: "10.00",
    createdAt: now,
    updatedAt: now,
    ...input,
  };
}

export function newCollection(id: string, input: Partial<FakeCollection> & { title: string }): FakeCollection {
  return {
    id,
    handle: input.handle ?? handleOf(input.title),
    published: true,
    descriptionHtml: "",
    updatedAt: new Date().toISOString(),
    ...input,
  };
}

export function newPage(id: string, input: Partial<FakePage> & { title: string }): FakePage {
  const now = new Date().toISOString();
  const isPublished = input.isPublished ?? true;
  return {
    id,
    handle: input.handle ?? handleOf(input.title),
    isPublished,
    body: "",
    publishedAt: isPublished ? now : null,
    createdAt: now,
    updatedAt: now,
    ...input,
  };
}

type Args = Record<string, unknown>;
type Connection = <T extends { id: string }>(items: T[], args: Args, view: (item: T) => unknown) => unknown;

function denied(field: string, requiredAccess: string): GraphQLError {
  return new GraphQLError(`Access denied for ${field} field. Required access: ${requiredAccess}`, {
    extensions: { code: "ACCESS_DENIED", documentation: "https://shopify.dev/api/usage/access-scopes", requiredAccess },
  });
}

const grants = (shop: FakeShop, scopes: string[]) =>
  scopes.some((scope) => shop.scopes.has(scope) || shop.scopes.has(scope.replace(/^read_/, "write_")));

function productMatches(product: FakeProduct, { field, value }: SearchTerm): boolean {
  const v = value.toLowerCase();
  if (field === "handle") return product.handle === v;
  // title:word* (a prefix of one of the title's words) or title:word (the whole word), as Shopify's search matches.
  if (field === "title") {
    const words = product.title.toLowerCase().split(/[^\p{L}\p{N}-]+/u);
    return v.endsWith("*") ? words.some((w) => w.startsWith(v.slice(0, -1))) : words.includes(v);
  }
  if (field === "status") return v.split(",").includes(product.status.toLowerCase());
  if (field === "published_status") {
    return v === "any" || (v === "published") === (product.onlineStore && product.status === "ACTIVE");
  }
  if (field === "updated_at") return dateMatches(product.updatedAt, value);
  return true;
}

/** Whether a collection or page matches a term (its publication and update date; other terms are not applied). */
function contentMatches(item: { published: boolean; updatedAt: string }, { field, value }: SearchTerm): boolean {
  const v = value.toLowerCase();
  if (field === "published_status") return v === "any" || (v === "published") === item.published;
  if (field === "updated_at") return dateMatches(item.updatedAt, value);
  return true;
}

/** Whether an event matches a term of the `events` search (`action:`, `subject_type:`, `created_at:`, `id:`). */
function eventMatches(event: FakeEvent, { field, value }: SearchTerm): boolean {
  const v = value.toLowerCase();
  if (field === "action") return event.action === v;
  if (field === "subject_type") return v.split(",").includes(event.subjectType.toLowerCase());
  if (field === "created_at") return dateMatches(event.createdAt, value);
  if (field === "id") return event.id.endsWith(`/${value}`);
  if (field === "comments") return true;
  return false;
}

export function storeContentQueries(shop: FakeShop, connection: Connection): Record<string, unknown> {
  const storefront = shop.primaryDomainUrl.replace(/\/+$/, "");
  const productView = (p: FakeProduct) => ({
    __typename: "Product",
    id: p.id,
    title: p.title,
    handle: p.handle,
    status: p.status,
    vendor: p.vendor,
    productType: p.productType,
    tags: p.tags,
    descriptionHtml: p.descriptionHtml,
    description: p.descriptionHtml.replace(/<[^>]*>/g, ""),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    onlineStoreUrl: p.onlineStore && p.status === "ACTIVE" ? `${storefront}/products/${p.handle}` : null,
    // The first image (null without one, as Shopify answers); its featuredMedia is the same image.
    featuredImage: p.image ? { __typename: "Image", url: p.image.url, altText: p.image.altText } : null,
    ...productFactsView(p),
  });
  const collectionView = (c: FakeCollection) => ({
    __typename: "Collection",
    id: c.id,
    title: c.title,
    handle: c.handle,
    descriptionHtml: c.descriptionHtml,
    description: c.descriptionHtml.replace(/<[^>]*>/g, ""),
    // Null without one, as Shopify answers.
    image: c.image ? { __typename: "Image", url: c.image.url, altText: c.image.altText } : null,
    updatedAt: c.updatedAt,
  });
  const pageView = (p: FakePage) => ({
    __typename: "Page",
    id: p.id,
    title: p.title,
    handle: p.handle,
    isPublished: p.isPublished,
    body: p.body,
    bodySummary: p.body.replace(/<[^>]*>/g, "").slice(0, 150),
    publishedAt: p.publishedAt,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  });
  return {
    products: (args: Args) => {
      if (!grants(shop, ["read_products"])) throw denied("products", "`read_products` access scope.");
      // Alternatives joined by OR (Shopify's search syntax), each a list of field:value terms that must all hold.
      const alternatives = String(args["query"] ?? "")
        .split(/\s+OR\s+/)
        .map((part) => parseSearchQuery(part));
      return connection(
        shop.products.filter((p) => alternatives.some((terms) => terms.every((t) => productMatches(p, t)))),
        args,
        productView,
      );
    },
    collections: (args: Args) => {
      if (!grants(shop, ["read_products"])) throw denied("collections", "`read_products` access scope.");
      const terms = parseSearchQuery(String(args["query"] ?? ""));
      const list = shop.collections.filter((c) => terms.every((t) => contentMatches(c, t)));
      return connection(list, args, collectionView);
    },
    events: (args: Args) => {
      const terms = parseSearchQuery(String(args["query"] ?? ""));
      const list = shop.events.filter((e) => terms.every((t) => eventMatches(e, t)));
      return connection(list, args, (e) => ({
        __typename: "BasicEvent",
        ...e,
        subjectId: e.subjectId,
        appTitle: null,
        attributeToApp: false,
        attributeToUser: true,
        criticalAlert: false,
        hasAdditionalContent: false,
      }));
    },
    pagesCount: () => {
      if (!grants(shop, ["read_online_store_pages", "read_content"])) {
        throw denied("pagesCount", "`read_online_store_pages` access scope or `read_content` access scope.");
      }
      return { count: shop.pages.length, precision: "EXACT" };
    },
    pages: (args: Args) => {
      if (!grants(shop, ["read_online_store_pages", "read_content"])) {
        throw denied("pages", "`read_online_store_pages` access scope or `read_content` access scope.");
      }
      const terms = parseSearchQuery(String(args["query"] ?? ""));
      const list = shop.pages.filter((p) => terms.every((t) => contentMatches({ ...p, published: p.isPublished }, t)));
      return connection(list, args, pageView);
    },
  };
}
