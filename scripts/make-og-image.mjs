// Draws the site's link preview image (standalone-web/client/public/og-image.png, 1200x630, the size Open Graph and
// Twitter cards expect) with Chromium from the HTML below. Run it again after changing the name, tagline or colours:
// node scripts/make-og-image.mjs   (CHROMIUM_PATH if Chromium is not at /usr/bin/chromium)
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const publicDir = new URL("../standalone-web/client/public/", import.meta.url);
const logo = readFileSync(new URL("favicon.svg", publicDir), "utf8");
const html = `<!doctype html><html><body style="margin:0">
<div style="box-sizing:border-box;width:1200px;height:630px;padding:88px 96px;background:#fbfaf7;display:flex;
  flex-direction:column;justify-content:space-between;border-bottom:24px solid #0f4c47;font-family:Georgia,serif;color:#0f4c47">
  <div style="display:flex;align-items:center;gap:28px">
    <div style="width:112px;height:112px">${logo.replace("<svg ", '<svg width="112" height="112" ')}</div>
    <div style="font-size:72px;font-weight:600;letter-spacing:-1px">Postwright</div>
  </div>
  <div style="font-size:60px;line-height:1.15;font-weight:600;color:#1c2422;max-width:980px">
    Blog posts that bring shoppers to your store
  </div>
  <div style="font-family:Arial,sans-serif;font-size:30px;color:#4a5a56">
    SEO posts written with AI, published to Shopify and WordPress
  </div>
</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(html);
  await page.screenshot({ path: fileURLToPath(new URL("og-image.png", publicDir)), type: "png" });
} finally {
  await browser.close();
}
