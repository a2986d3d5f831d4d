// A stand-in for WooCommerce's Store API on a test WordPress (WooCommerce itself cannot be installed offline): a
// must-use plugin declaring WooCommerce's main class (as WooCommerce does) and registering the wc/store/v1 namespace
// with the two routes Postwright reads, GET products (?search, ?per_page up to 100, ?page, with the X-WP-Total and
// X-WP-TotalPages headers) and GET products/<id>, answering products in the Store API's own shape from a WordPress
// option. A test changes a price or the stock by writing the option again (setProducts), as a shop manager would in
// WooCommerce.
import type { WordPressSite } from "./start-wordpress.ts";

export interface StandInProduct {
  id: number;
  name: string;
  /** A decimal string, "24.00". */
  price: string;
  inStock?: boolean;
  currency?: string;
  shortDescription?: string;
  /** Variations: each its own product in the Store API (with its own id, price and stock). */
  variations?: Array<{ id: number; attribute: string; value: string; price: string; inStock?: boolean }>;
  image?: { src: string; alt: string };
}

// Not named for the plugin: uninstalling Postwright must leave no option of its own, and this one is the stand-in's.
const OPTION = "stand_in_wc_store_products";

const STAND_IN = `<?php
// WooCommerce's main class, declared as WooCommerce itself declares it when it loads: what plugins check to know
// WooCommerce runs.
if ( ! class_exists( 'WooCommerce' ) ) {
  final class WooCommerce {
    public $version = '10.0.0';
  }
}
add_action( 'rest_api_init', static function () {
  $products = static fn () => json_decode( (string) get_option( '${OPTION}', '[]' ), true );
  register_rest_route( 'wc/store/v1', '/products', array(
    'methods'             => 'GET',
    'permission_callback' => '__return_true',
    'callback'            => static function ( WP_REST_Request $request ) use ( $products ) {
      // As WooCommerce's Store API: per_page from 1 to 100 (10 when not given), else a 400 naming the parameter;
      // search as WordPress searches, every word of it in the name or a description; X-WP-Total and X-WP-TotalPages.
      $per_page = null === $request->get_param( 'per_page' ) ? 10 : (int) $request->get_param( 'per_page' );
      if ( $per_page < 1 || $per_page > 100 ) {
        return new WP_Error( 'rest_invalid_param', 'Invalid parameter(s): per_page', array( 'status' => 400, 'params' => array( 'per_page' => 'per_page must be between 1 (inclusive) and 100 (inclusive)' ) ) );
      }
      $page  = max( 1, (int) ( $request->get_param( 'page' ) ?: 1 ) );
      $words = preg_split( '/\\s+/', strtolower( trim( (string) $request->get_param( 'search' ) ) ), -1, PREG_SPLIT_NO_EMPTY );
      $list  = array_values( array_filter( $products(), static function ( $p ) use ( $words ) {
        if ( 0 !== $p['parent'] ) {
          return false;
        }
        $text = strtolower( $p['name'] . ' ' . $p['short_description'] . ' ' . $p['description'] );
        foreach ( $words as $word ) {
          if ( false === strpos( $text, $word ) ) {
            return false;
          }
        }
        return true;
      } ) );
      $response = new WP_REST_Response( array_slice( $list, ( $page - 1 ) * $per_page, $per_page ) );
      $response->header( 'X-WP-Total', (string) count( $list ) );
      $response->header( 'X-WP-TotalPages', (string) (int) ceil( count( $list ) / $per_page ) );
      return $response;
    },
  ) );
  register_rest_route( 'wc/store/v1', '/products/(?P<id>\\\\d+)', array(
    'methods'             => 'GET',
    'permission_callback' => '__return_true',
    'callback'            => static function ( WP_REST_Request $request ) use ( $products ) {
      foreach ( $products() as $product ) {
        if ( (int) $request['id'] === $product['id'] ) {
          return $product;
        }
      }
      return new WP_Error( 'woocommerce_rest_product_invalid_id', 'Invalid product ID.', array( 'status' => 404 ) );
    },
  ) );
} );
`;

const minor = (price: string) => String(Math.round(Number(price) * 100));

function prices(price: string, currency: string, range?: { min: string; max: string }) {
  return {
    price: minor(price),
    regular_price: minor(price),
    sale_price: minor(price),
    price_range: range ? { min_amount: minor(range.min), max_amount: minor(range.max) } : null,
    currency_code: currency,
    currency_symbol: currency === "EUR" ? "€" : currency === "GBP" ? "£" : "$",
    currency_minor_unit: 2,
    currency_decimal_separator: ".",
    currency_thousand_separator: ",",
    currency_prefix: "$",
    currency_suffix: "",
  };
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The products (and their variations) as the Store API answers them. */
export function storeApiProducts(siteUrl: string, products: StandInProduct[]): unknown[] {
  return products.flatMap((p) => {
    const currency = p.currency ?? "USD";
    const slug = slugOf(p.name);
    const variationPrices = (p.variations ?? []).map((v) => Number(v.price));
    const range = variationPrices.length
      ? { min: Math.min(...variationPrices).toFixed(2), max: Math.max(...variationPrices).toFixed(2) }
      : undefined;
    const attributes = p.variations?.length
      ? [
          {
            id: 1,
            name: p.variations[0]!.attribute,
            taxonomy: `pa_${slugOf(p.variations[0]!.attribute)}`,
            has_variations: true,
            terms: p.variations.map((v, i) => ({ id: 100 + i, name: v.value, slug: slugOf(v.value), default: false })),
          },
        ]
      : [];
    const product = {
      id: p.id,
      name: p.name,
      slug,
      parent: 0,
      type: p.variations?.length ? "variable" : "simple",
      variation: "",
      permalink: `${siteUrl}/product/${slug}/`,
      sku: "",
      short_description: `<p>${p.shortDescription ?? ""}</p>`,
      description: "",
      on_sale: false,
      prices: prices(range?.min ?? p.price, currency, range),
      images: p.image ? [{ id: 1, src: p.image.src, thumbnail: p.image.src, name: "", alt: p.image.alt }] : [],
      attributes,
      variations: (p.variations ?? []).map((v) => ({
        id: v.id,
        attributes: [{ name: v.attribute, value: slugOf(v.value) }],
      })),
      is_purchasable: true,
      is_in_stock: p.variations?.length ? p.variations.some((v) => v.inStock !== false) : p.inStock !== false,
      is_on_backorder: false,
      low_stock_remaining: null,
    };
    const variations = (p.variations ?? []).map((v) => ({
      ...product,
      id: v.id,
      name: `${p.name} - ${v.value}`,
      parent: p.id,
      type: "variation",
      variation: `${v.attribute}: ${v.value}`,
      prices: prices(v.price, currency),
      attributes: [],
      variations: [],
      is_in_stock: v.inStock !== false,
    }));
    return [product, ...variations];
  });
}

/**
 * Offers the stand-in Store API on the site: the WooCommerce class is declared and the site's REST index lists
 * wc/store/v1, as with WooCommerce.
 */
export async function offerStoreApi(site: WordPressSite, products: StandInProduct[]): Promise<void> {
  await setProducts(site, products);
  await site.setMuPlugin("woocommerce-store-api-stand-in", STAND_IN);
}

/** The store's products from now on (prices, stock), as WooCommerce would answer after an edit. */
export async function setProducts(site: WordPressSite, products: StandInProduct[]): Promise<void> {
  const json = JSON.stringify(storeApiProducts(site.url, products));
  await site.php(`update_option( '${OPTION}', base64_decode( '${Buffer.from(json).toString("base64")}' ), false );`);
}

/** Takes WooCommerce away again (neither its class nor its namespace is there any more). */
export async function withdrawStoreApi(site: WordPressSite): Promise<void> {
  await site.setMuPlugin("woocommerce-store-api-stand-in", null);
  await site.php(`delete_option( '${OPTION}' );`);
}
