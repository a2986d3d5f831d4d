// A product card reaching a site through the Postwright plugin becomes the same core blocks as through the REST API:
// the plugin's HTML-to-blocks conversion (PHP, run in a real WordPress with the plugin active) turns the card the
// service sends into exactly the blocks the core writes for WordPress, and the rest of the post into its own blocks.
// Where the site runs WooCommerce (here its Store API stand-in), a card of one of its products is WooCommerce's Single
// Product block, exactly as the core writes it; without WooCommerce the same card is core blocks again. A writer
// searches the same products through the plugin to feature them.
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductCard } from "../../core/src/contracts/blog.ts";
import {
  insertProductCards,
  readProductCards,
  renderWordpressProductCard,
} from "../../core/src/publishing/product-cards/index.ts";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";
import { offerStoreApi, withdrawStoreApi } from "../support/wordpress/woocommerce-store-api.ts";

const pluginDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../wp-plugin");

let wordpress: WordPressSite;
let staging: string;

beforeAll(async () => {
  staging = await mkdtemp(path.join(tmpdir(), "postwright-plugin-"));
  const plugin = path.join(staging, "postwright");
  for (const entry of ["postwright.php", "uninstall.php", "readme.txt", "includes", "languages"]) {
    await cp(path.join(pluginDir, entry), path.join(plugin, entry), { recursive: true });
  }
  wordpress = await startWordPress({ plugins: [plugin] });
}, 600_000);

afterAll(async () => {
  await wordpress?.stop();
  await rm(staging, { recursive: true, force: true });
});

const card: ProductCard = {
  productId: "gid://shopify/Product/7",
  title: "Salt & Pepper Mill",
  url: "https://shop.example/products/salt-pepper-mill",
  image: { url: "https://cdn.shopify.com/s/files/1/mill.jpg?v=2&w=600", altText: "A wooden mill" },
  price: "24.00",
  currencyCode: "USD",
  available: false,
};

/** The plugin's conversion of post HTML to blocks, as it runs when the service publishes through it. */
const pluginBlocks = (html: string) =>
  wordpress.php(
    `echo Postwright_Block_Content::from_html( base64_decode( '${Buffer.from(html).toString("base64")}' ) );`,
  );

describe("product cards published through the plugin", () => {
  it("become the same core blocks as the service writes for WordPress, the rest of the post its own blocks", async () => {
    const html = insertProductCards(
      '<h2>Grinding</h2><p>Our <a href="https://shop.example/products/salt-pepper-mill">mill</a> grinds fine.</p><h2>End</h2><p>Bye.</p>',
      [card],
    );
    const [written] = readProductCards(html);
    const blocks = await pluginBlocks(html);
    expect(blocks).toContain(renderWordpressProductCard(written!));
    expect(blocks).toContain('<p class="postwright-product-card__availability">Sold out</p>');
    expect(blocks).toContain('<!-- wp:heading -->\n<h2 class="wp-block-heading">Grinding</h2>');
    expect(blocks).not.toContain("wp:html");
  });

  it("become WooCommerce's product block for the site's own product where WooCommerce runs, core blocks where not", async () => {
    const apron = { ...card, productId: "woocommerce:42", title: "Canvas Apron", available: true };
    const html = insertProductCards("<h2>Aprons</h2><p>Ours lasts.</p>", [apron]);
    const [written] = readProductCards(html);

    await offerStoreApi(wordpress, [{ id: 42, name: "Canvas Apron", price: "38.00" }]);
    try {
      const blocks = await pluginBlocks(html);
      expect(blocks).toContain(renderWordpressProductCard(written!, { woocommerceProductId: 42 }));
      expect(blocks).toContain(
        '<!-- wp:woocommerce/single-product {"productId":42,"className":"postwright-product-card"} -->',
      );
      expect(blocks).not.toContain("wp:group");
      // Another store's product on the same post stays core blocks.
      const shopify = await pluginBlocks(insertProductCards("<p>Mills.</p>", [card]));
      expect(shopify).not.toContain("woocommerce/single-product");
    } finally {
      await withdrawStoreApi(wordpress);
    }

    const without = await pluginBlocks(html);
    expect(without).toContain(renderWordpressProductCard(written!));
    expect(without).not.toContain("woocommerce/single-product");
  });

  it("lets a writer search the site's WooCommerce products to feature, and says so where WooCommerce does not run", async () => {
    const search = async (words: string) =>
      JSON.parse(
        await wordpress.php(`
          wp_set_current_user( 1 );
          $request = new WP_REST_Request( 'GET', '/postwright/v1/store-products' );
          $request->set_query_params( array( 'search' => '${words}' ) );
          $response = rest_do_request( $request );
          echo wp_json_encode( array( 'status' => $response->get_status(), 'data' => $response->get_data() ) );
        `),
      ) as { status: number; data: { products?: unknown[]; message?: string } };

    await offerStoreApi(wordpress, [
      { id: 42, name: "Canvas Apron", price: "38.00" },
      { id: 50, name: "Linen Apron", price: "21.00", currency: "EUR" },
      { id: 60, name: "Oak Board", price: "30.00" },
    ]);
    try {
      expect(await search("apron")).toEqual({
        status: 200,
        data: {
          products: [
            { id: "woocommerce:42", name: "Canvas Apron", price: "38.00 USD" },
            { id: "woocommerce:50", name: "Linen Apron", price: "21.00 EUR" },
          ],
        },
      });
    } finally {
      await withdrawStoreApi(wordpress);
    }
    const without = await search("apron");
    expect(without.status).toBe(404);
    expect(without.data.message).toMatch(/WooCommerce is not active/);
  });

  it("keeps a card that lost its name or link as Custom HTML", async () => {
    const blocks = await pluginBlocks(
      '<div class="postwright-product-card"><p class="postwright-product-card__price">$1</p></div>',
    );
    expect(blocks).toContain("<!-- wp:html -->");
  });
});
