// Featuring WooCommerce products from the site's write form, in the browser, as an owner whose real WordPress site
// (tests/support/wordpress) offers a stand-in for WooCommerce's Store API: the form's Featured Products searches the
// site's products as the owner types, one is picked from the keyboard with Show product cards on, and the post is
// written with the product's card (its name, price and stock as WooCommerce gives them). Screens are kept under
// test-results/e2e/featured-products-test-ts/screens/ and checked with axe-core.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";
import { offerStoreApi } from "../support/wordpress/woocommerce-store-api.ts";
import { useE2E } from "./support/e2e.ts";
import { keepScreenshot, seriousAccessibilityProblems } from "./support/screens.ts";
import { shows, signUpThroughApi } from "./support/ui.ts";

const SCREENS = "featured-products-test-ts";

let wordpress: WordPressSite;
let starting: Promise<WordPressSite>;
beforeAll(() => {
  starting = startWordPress();
  starting.catch(() => {});
});
afterAll(async () => {
  const started = await starting?.catch(() => undefined);
  await started?.stop();
});

const e2e = useE2E();

beforeAll(async () => {
  wordpress = await starting;
  await offerStoreApi(wordpress, [
    {
      id: 11,
      name: "Linen Apron",
      price: "32.00",
      shortDescription: "Stonewashed linen with a deep pocket.",
      image: { src: `${wordpress.url}/wp-includes/images/w-logo-blue.png`, alt: "A linen apron" },
    },
    { id: 12, name: "Hand Grinder", price: "89.50", inStock: false },
  ]);
}, 600_000);

describe("featured products on the write form", () => {
  it("searches the WordPress site's WooCommerce products, picks one from the keyboard and writes the post with its card", async () => {
    const { page, site } = e2e;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpThroughApi(page, site.url);
    const saved = await page.request.post(`${site.url}/api/wordpress/connection`, {
      data: {
        siteName: "Roastery",
        siteUrl: wordpress.url,
        username: wordpress.adminUser,
        applicationPassword: wordpress.applicationPassword,
        isActive: true,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await page.goto(`${site.url}/`);
    const search = await shows(page.getByRole("combobox", { name: "Search products" }));
    await shows(page.getByText(/Products from your WooCommerce store the post should feature, up to 5/));
    await search.click();
    await search.pressSequentially("grinder");
    const options = page.getByRole("listbox", { name: "Products" }).getByRole("option");
    await expect
      .poll(() => options.allInnerTexts())
      .toEqual([expect.stringMatching(/Hand Grinder\s+\$89\.50 · Sold out/)]);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await keepScreenshot(page, SCREENS, "01-search");

    await search.fill("");
    await search.pressSequentially("apron");
    await expect
      .poll(() => options.allInnerTexts())
      .toEqual([expect.stringMatching(/Linen Apron\s+\$32\.00 · In stock/)]);
    await search.press("ArrowDown");
    await search.press("Enter");
    await shows(page.getByRole("list", { name: "Picked products" }).getByText("Linen Apron"));
    await page.getByRole("checkbox", { name: "Show product cards" }).check();
    await page.getByLabel("Blog Title").fill("Dressing for the roaster");
    await page.getByLabel("Target Keywords").fill("roaster apron");
    await keepScreenshot(page, SCREENS, "02-picked");

    await page.getByRole("button", { name: "Generate Blog Post" }).click();
    await page.waitForURL((url) => /^\/posts\/\d+$/.test(url.pathname), { timeout: 120_000 });
    const cards = await shows(page.getByRole("checkbox", { name: "Show as product cards" }));
    expect(await cards.isChecked()).toBe(true);
    const card = page.locator(".postwright-product-card");
    await shows(card);
    expect(await card.innerText()).toMatch(/Linen Apron[\s\S]*\$32\.00[\s\S]*In stock[\s\S]*View product/);
    expect(await card.getByRole("link", { name: "Linen Apron" }).getAttribute("href")).toBe(
      `${wordpress.url}/product/linen-apron/`,
    );
    await card.scrollIntoViewIfNeeded();
    // The card's image (the product's own, from the site's store) is shown, not a broken image with its alt text.
    const image = card.getByRole("img", { name: "A linen apron" });
    expect(await image.getAttribute("src")).toBe(`${wordpress.url}/wp-includes/images/w-logo-blue.png`);
    await expect
      .poll(
        () =>
          image.evaluate((node) => {
            const img = node as unknown as { complete: boolean; naturalWidth: number };
            return img.complete ? img.naturalWidth : 0;
          }),
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    await keepScreenshot(page, SCREENS, "03-post-with-card");
  });
});
