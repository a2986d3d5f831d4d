// A WordPress site's WooCommerce products, read through WooCommerce's public Store API (wc/store/v1): searched for the
// product picker, described as featured items, and read as facts (name, every variation's price with its currency, stock,
// link) for writing and for the "Product facts" check, and listed by name and address so that the products a post names
// without featuring them are checked too. A product is known to Postwright as "woocommerce:<id>".
import type { FeaturedItem } from "../../contracts/blog.ts";
import type { ProductFacts } from "../../contracts/facts.ts";
import type { StoreProduct } from "../../contracts/store-products.ts";
import { badRequest } from "../../errors/index.ts";
import type { StoreProductName } from "../types.ts";

/**
 * Reads one Store API route (relative to the REST root, e.g. "wc/store/v1/products") and answers its JSON with the
 * answer's headers (a list's X-WP-Total and X-WP-TotalPages).
 */
export type StoreApiGet = <T>(
  route: string,
  query: Record<string, string | number>,
  action: string,
) => Promise<{ data: T; headers: Headers }>;

export const WOOCOMMERCE_PRODUCT_PREFIX = "woocommerce:";
const PRODUCTS_PER_SEARCH = 10;
/**
 * The catalogue read by name, to find the products a post names: pages of the Store API's most, 100 products, up to
 * 100 pages (the first 10,000 products, newest first), read 4 at a time once the first answer told how many there are.
 */
const PRODUCTS_PER_LIST = 100;
const MAX_LIST_PAGES = 100;
const LIST_PAGES_AT_ONCE = 4;
/** A variable product's variations read for its facts (each is one request). */
const VARIATIONS_PER_PRODUCT = 20;

interface StoreApiPrices {
  price: string;
  currency_code: string;
  currency_minor_unit: number;
  price_range?: { min_amount: string; max_amount: string } | null;
}

/** The parts of a Store API product (GET wc/store/v1/products/<id>) read here. */
export interface StoreApiProduct {
  id: number;
  name: string;
  slug: string;
  permalink: string;
  type?: string;
  short_description?: string;
  prices: StoreApiPrices;
  images?: Array<{ src: string; alt?: string }>;
  is_in_stock: boolean;
  is_purchasable?: boolean;
  attributes?: Array<{ name: string; has_variations?: boolean; terms?: Array<{ name: string; slug: string }> }>;
  variations?: Array<{ id: number; attributes: Array<{ name: string; value: string }> }>;
}

/** The Store API's id of a product known as "woocommerce:<id>"; null for any other store's. */
export function woocommerceProductId(id: string): number | null {
  const match = /^woocommerce:(\d+)$/.exec(id);
  return match ? Number(match[1]) : null;
}

/** "1105" with two minor digits is "11.05". */
function decimal(amount: string, minorUnit: number): string {
  const value = Number(amount) / 10 ** minorUnit;
  return Number.isFinite(value) ? value.toFixed(2) : amount;
}

function lowestPrice(prices: StoreApiPrices): string {
  return decimal(prices.price_range?.min_amount ?? prices.price, prices.currency_minor_unit);
}

const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

const webAddress = (url: string | undefined) => (url && /^https?:\/\//.test(url) ? url : null);

function image(product: Pick<StoreApiProduct, "images">): { url: string; altText: string } | null {
  const first = product.images?.[0];
  const url = webAddress(first?.src);
  return url ? { url, altText: first?.alt ?? "" } : null;
}

/** The site's products whose name or description matches the words (its first products for none). */
export async function searchWoocommerceProducts(get: StoreApiGet, words: string): Promise<StoreProduct[]> {
  const { data: products } = await get<StoreApiProduct[]>(
    "wc/store/v1/products",
    { per_page: PRODUCTS_PER_SEARCH, ...(words.trim() ? { search: words.trim() } : {}) },
    "search the store's products",
  );
  return products.flatMap((product): StoreProduct[] => {
    const url = webAddress(product.permalink);
    if (!url) return [];
    return [
      {
        id: `${WOOCOMMERCE_PRODUCT_PREFIX}${product.id}`,
        source: "woocommerce",
        title: product.name,
        price: `${lowestPrice(product.prices)} ${product.prices.currency_code}`,
        available: product.is_in_stock,
        url,
        image: image(product),
      },
    ];
  });
}

/**
 * The site's products by name and address, newest first, every one up to 10,000: enough to find the ones a post names
 * whatever the store's size. Only each product's id, name and link are asked for (about 100 bytes a product).
 *
 * Why page through the catalogue rather than look names up with the Store API's `search`: a search needs the name
 * first, and a post's text holds no list of the product names it uses (a name is whatever words the owner gave the
 * product, linked or not, capitalised or not), so looking names up could only try guesses and would miss some. Paging
 * costs one request per 100 products (50 for a 5,000-product store, 1 to 5 for most stores), each a few kilobytes,
 * read 4 at a time; the first answer's X-WP-TotalPages says how many follow, so no request is spent past the end.
 */
export async function listWoocommerceProducts(get: StoreApiGet): Promise<StoreProductName[]> {
  return (await readWoocommerceListing(get)).products.map(({ id, title, url }) => ({ id, title, url }));
}

/** A product as the listing reads it, with its first image when asked for (the site index keeps it). */
export interface ListedWoocommerceProduct extends StoreProductName {
  /** Its Store API id. */
  productId: number;
  image?: { url: string; altText: string } | null;
}

/**
 * The listing behind `listWoocommerceProducts`, with what the site index needs besides: each product's first image
 * (`images`), only the first `maxPages` pages (the newest products), and the store's count of products (its
 * X-WP-Total, null when the site drops the header).
 */
export async function readWoocommerceListing(
  get: StoreApiGet,
  options: { images?: boolean; maxPages?: number } = {},
): Promise<{ products: ListedWoocommerceProduct[]; total: number | null }> {
  type Listed = Array<Pick<StoreApiProduct, "id" | "name" | "permalink" | "images">>;
  const maxPages = Math.min(options.maxPages ?? MAX_LIST_PAGES, MAX_LIST_PAGES);
  const readPage = (page: number) =>
    get<Listed>(
      "wc/store/v1/products",
      { per_page: PRODUCTS_PER_LIST, page, _fields: options.images ? "id,name,permalink,images" : "id,name,permalink" },
      "list the store's products",
    );
  const first = await readPage(1);
  const pages: unknown[] = [first.data];
  const total = Number(first.headers.get("x-wp-totalpages"));
  if (Number.isInteger(total) && total > 1) {
    const rest = Array.from({ length: Math.min(total, maxPages) - 1 }, (_, i) => i + 2);
    for (let i = 0; i < rest.length; i += LIST_PAGES_AT_ONCE) {
      const read = await Promise.all(rest.slice(i, i + LIST_PAGES_AT_ONCE).map(readPage));
      pages.push(...read.map((r) => r.data));
    }
  } else if (!first.headers.has("x-wp-totalpages")) {
    // A site (or a proxy before it) that drops the headers: pages are read one after another until a short one.
    for (let page = 2; page <= maxPages; page++) {
      const previous = pages.at(-1);
      if (!Array.isArray(previous) || previous.length < PRODUCTS_PER_LIST) break;
      pages.push((await readPage(page)).data);
    }
  }
  const listed = new Map<string, ListedWoocommerceProduct>();
  for (const products of pages) {
    for (const product of (Array.isArray(products) ? products : []) as Listed) {
      if (typeof product?.id !== "number") continue;
      const id = `${WOOCOMMERCE_PRODUCT_PREFIX}${product.id}`;
      const url = webAddress(product.permalink);
      const title = plainText(product.name ?? "");
      if (!url || !title || listed.has(id)) continue;
      listed.set(id, {
        id,
        title,
        url,
        productId: product.id,
        ...(options.images ? { image: image(product) } : {}),
      });
    }
  }
  const count = Number(first.headers.get("x-wp-total") ?? "NaN");
  return { products: [...listed.values()], total: Number.isInteger(count) && count >= 0 ? count : null };
}

async function readProduct(get: StoreApiGet, id: number): Promise<StoreApiProduct | null> {
  try {
    return (await get<StoreApiProduct>(`wc/store/v1/products/${id}`, {}, "read the store's product")).data;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

function isNotFound(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { kind?: unknown }).kind === "not_found";
}

/** The products picked to feature, in the order picked; one the store no longer has is refused by name of its ID. */
export async function readWoocommerceFeatured(get: StoreApiGet, ids: readonly string[]): Promise<FeaturedItem[]> {
  return Promise.all(
    ids.map(async (id): Promise<FeaturedItem> => {
      const number = woocommerceProductId(id);
      const product = number === null ? null : await readProduct(get, number);
      const url = webAddress(product?.permalink);
      if (!product || !url) {
        throw badRequest(`One of the products you picked (${id}) is no longer in your store. Pick it again.`);
      }
      return {
        kind: "product",
        id,
        title: product.name,
        handle: product.slug,
        description: plainText(product.short_description ?? "").slice(0, 300),
        price: `${lowestPrice(product.prices)} ${product.prices.currency_code}`,
        url,
        image: image(product),
      };
    }),
  );
}

/**
 * What the store says now about these products: each variation's price and stock (a simple product is one variant),
 * the options it varies by, the currency. Products the store no longer has are left out.
 */
export async function readWoocommerceFacts(get: StoreApiGet, ids: readonly string[]): Promise<ProductFacts[]> {
  const numbers = [...new Set(ids.map(woocommerceProductId).filter((n): n is number => n !== null))];
  const products = await Promise.all(numbers.map((n) => readProduct(get, n)));
  return Promise.all(products.filter((p): p is StoreApiProduct => p !== null).map((product) => toFacts(get, product)));
}

async function toFacts(get: StoreApiGet, product: StoreApiProduct): Promise<ProductFacts> {
  const varying = (product.attributes ?? []).filter((a) => a.has_variations);
  // Variations name their options by the terms' slugs; the post names them as the store shows them.
  const termName = (name: string, slug: string) =>
    varying.find((a) => a.name === name)?.terms?.find((t) => t.slug === slug)?.name ?? slug;
  const base = {
    id: `${WOOCOMMERCE_PRODUCT_PREFIX}${product.id}`,
    title: product.name,
    handle: product.slug,
    url: webAddress(product.permalink),
    currencyCode: product.prices.currency_code,
    options: varying.map((a) => ({ name: a.name, values: (a.terms ?? []).map((t) => t.name) })),
  };
  const listed = (product.variations ?? []).slice(0, VARIATIONS_PER_PRODUCT);
  if (listed.length === 0) {
    return {
      ...base,
      variants: [
        {
          id: base.id,
          title: product.name,
          price: decimal(product.prices.price, product.prices.currency_minor_unit),
          availableForSale: product.is_in_stock,
          options: [],
        },
      ],
    };
  }
  const variations = await Promise.all(listed.map((v) => readProduct(get, v.id)));
  return {
    ...base,
    variants: listed.flatMap((variation, index) => {
      const read = variations[index];
      if (!read) return [];
      const options = variation.attributes.map((a) => ({ name: a.name, value: termName(a.name, a.value) }));
      return [
        {
          id: `${WOOCOMMERCE_PRODUCT_PREFIX}${variation.id}`,
          title: options.map((o) => o.value).join(" / ") || read.name,
          price: decimal(read.prices.price, read.prices.currency_minor_unit),
          availableForSale: read.is_in_stock,
          options,
        },
      ];
    }),
  };
}
