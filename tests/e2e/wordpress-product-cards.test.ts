// Product cards on a real WordPress (7.1 when its release files are there): a post with a card is published through
// the REST API, WordPress keeps the card as core blocks (group, image, paragraphs, buttons) and shows it, and its own
// block editor, opened on the post in Chromium, parses every one of those blocks as valid (no "This block contains
// unexpected or invalid content").
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductCard } from "../../core/src/contracts/blog.ts";
import { insertProductCards } from "../../core/src/publishing/product-cards/index.ts";
import { createWordpressTarget } from "../../core/src/publishing/wordpress/index.ts";
import { createSafeFetch, type SafeFetch } from "../../core/src/security/index.ts";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";
import { launchBrowser, newBrowserContext, recordPageProblems } from "./support/browser.ts";
import { logIntoWordPress } from "./support/wordpress-plugin.ts";

let site: WordPressSite;
let safeFetch: SafeFetch;
let browser: Browser;

beforeAll(async () => {
  site = await startWordPress();
  safeFetch = createSafeFetch({
    allowPrivateNetworkTargets: false,
    allowedAddresses: ["127.0.0.1"],
    timeoutMs: 15_000,
  });
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await safeFetch?.close();
  await site?.stop();
});

/** The store's product as a card; its image is one of the site's own files, which the browser here can load. */
const cardFor = (site: WordPressSite): ProductCard => ({
  productId: "gid://shopify/Product/101",
  title: "Linen Apron & Pocket",
  url: "https://shop.example/products/linen-apron",
  image: { url: `${site.url}/wp-includes/images/w-logo-blue.png`, altText: "A linen apron on a hook" },
  price: "32.00",
  currencyCode: "USD",
  available: true,
});

const HTML =
  "<p>Aprons for a slow morning.</p>" +
  '<h2>Why linen</h2><p>Our <a href="https://shop.example/products/linen-apron">apron</a> softens with every wash.</p>' +
  "<h2>In short</h2><p>Start the day well.</p>";

interface EditorBlock {
  name: string;
  isValid: boolean;
  inner: EditorBlock[];
}

/** Publishes a post holding one card through the REST API; answers the post's id on the site. */
async function publishCard(card: ProductCard, id: number): Promise<string> {
  const target = createWordpressTarget(
    { siteUrl: site.url, username: site.adminUser, applicationPassword: site.applicationPassword },
    { fetch: safeFetch, loadImage: async () => null, allowPlainHttp: true },
  );
  const { remoteId } = await target.publish(
    {
      id,
      title: `A card ${id}`,
      html: insertProductCards(HTML, [card]),
      metaDescription: null,
      seoTitle: null,
      slug: null,
      focusKeyphrase: null,
      keywords: [],
      images: [],
      handle: `a-card-pw${id}`,
      author: "Ada",
    },
    { remoteId: null },
  );
  return remoteId;
}

async function storedPost(remoteId: string): Promise<{ content: { raw: string; rendered: string } }> {
  const response = await site.rest(`wp/v2/posts/${remoteId}?context=edit`);
  expect(response.status).toBe(200);
  return (await response.json()) as { content: { raw: string; rendered: string } };
}

const rawContent = async (remoteId: string) => (await storedPost(remoteId)).content.raw;

describe("product cards on WordPress", () => {
  it("publishes a card as core blocks that WordPress shows and its block editor opens as valid", async () => {
    const remoteId = await publishCard(cardFor(site), 1);
    const post = await storedPost(remoteId);
    expect(post.content.raw).toContain('<!-- wp:group {"className":"postwright-product-card"} -->');
    expect(post.content.raw).toContain("<!-- wp:buttons -->");
    // The card sits after the paragraph linking the product, before the conclusion.
    expect(post.content.raw.indexOf("every wash.</p>")).toBeLessThan(post.content.raw.indexOf("wp:group"));
    expect(post.content.raw.indexOf("wp:group")).toBeLessThan(post.content.raw.indexOf("<h2>In short</h2>"));
    // What a visitor gets: the card's parts, the name and the button linking to the product page.
    const rendered = post.content.rendered;
    expect(rendered).toMatch(/<div class="wp-block-group postwright-product-card[^"]*"/);
    expect(rendered).toContain('<a href="https://shop.example/products/linen-apron">Linen Apron &amp; Pocket</a>');
    expect(rendered).toMatch(/<p class="postwright-product-card__price[^"]*">\$32\.00<\/p>/);
    expect(rendered).toMatch(/<p class="postwright-product-card__availability[^"]*">In stock<\/p>/);
    expect(rendered).toContain(
      '<a class="wp-block-button__link wp-element-button" href="https://shop.example/products/linen-apron">View product</a>',
    );
    expect(rendered).toMatch(
      /<figure class="wp-block-image postwright-product-card__image"><img [^>]*src="[^"]+w-logo-blue\.png" alt="A linen apron on a hook"/,
    );

    // The block editor parses the post: every block of the card is valid.
    const context = await newBrowserContext(browser);
    const page = await context.newPage();
    const problems: string[] = [];
    recordPageProblems(page, problems);
    await logIntoWordPress(page, site);
    await page.goto(`${site.url}/wp-admin/post.php?post=${remoteId}&action=edit`);
    await page.waitForFunction(
      () =>
        (globalThis as unknown as { wp?: { data?: { select(store: string): { getBlocks(): unknown[] } } } }).wp?.data
          ?.select("core/block-editor")
          .getBlocks().length,
      undefined,
      { timeout: 60_000 },
    );
    const blocks = await page.evaluate(() => {
      type Raw = { name: string; isValid: boolean; innerBlocks: Raw[] };
      const walk = (list: Raw[]): EditorBlock[] =>
        list.map((b) => ({ name: b.name, isValid: b.isValid, inner: walk(b.innerBlocks) }));
      const wp = (globalThis as unknown as { wp: { data: { select(store: string): { getBlocks(): Raw[] } } } }).wp;
      return walk(wp.data.select("core/block-editor").getBlocks());
    });
    const group = blocks.find((b) => b.name === "core/group");
    expect(group).toEqual({
      name: "core/group",
      isValid: true,
      inner: [
        { name: "core/image", isValid: true, inner: [] },
        { name: "core/paragraph", isValid: true, inner: [] },
        { name: "core/paragraph", isValid: true, inner: [] },
        { name: "core/paragraph", isValid: true, inner: [] },
        {
          name: "core/buttons",
          isValid: true,
          inner: [{ name: "core/button", isValid: true, inner: [] }],
        },
      ],
    });
    expect(blocks.every((b) => b.isValid)).toBe(true);
    expect(await page.getByText("This block contains unexpected or invalid content").count()).toBe(0);
    await context.close();
  }, 240_000);

  it("uses WooCommerce's product block for a WooCommerce product's card only where the site offers WooCommerce's Store API", async () => {
    const woo = { ...cardFor(site), productId: "woocommerce:42" };
    // Without WooCommerce: the card is core blocks.
    expect(await rawContent(await publishCard(woo, 2))).toContain(
      '<!-- wp:group {"className":"postwright-product-card"} -->',
    );

    // A stand-in for WooCommerce (not installable offline): a must-use plugin registering the Store API's namespace,
    // which is what the site's REST index tells publishers.
    await site.setMuPlugin(
      "woocommerce-store-api-stand-in",
      `<?php
      add_action( 'rest_api_init', static function () {
        register_rest_route( 'wc/store/v1', '/products', array(
          'methods'             => 'GET',
          'permission_callback' => '__return_true',
          'callback'            => static fn () => array(),
        ) );
      } );`,
    );
    const raw = await rawContent(await publishCard(woo, 3));
    expect(raw).toContain(
      '<!-- wp:woocommerce/single-product {"productId":42,"className":"postwright-product-card"} -->',
    );
    expect(raw).not.toContain("wp:group");
    // A store product that is not the site's own keeps its core blocks there too.
    expect(await rawContent(await publishCard(cardFor(site), 4))).toContain(
      '<!-- wp:group {"className":"postwright-product-card"} -->',
    );
    await site.setMuPlugin("woocommerce-store-api-stand-in", null);
  });
});
