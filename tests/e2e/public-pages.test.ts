// The public pages as a first-time visitor meets them in a real browser: content already in the page's HTML, no
// request that fails, no console error; and the way from the landing page into sign-up and the dashboard.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useE2E } from "./support/e2e.ts";
import { atPath, newPerson, shows, toast } from "./support/ui.ts";

const e2e = useE2E();

/** Everything that went wrong on a page: failed requests, error answers, console errors and uncaught exceptions. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("requestfailed", (request) => {
    // A request the page itself dropped when it navigated on is not a failure.
    const error = request.failure()?.errorText ?? "";
    if (error !== "net::ERR_ABORTED") problems.push(`failed: ${request.url()} ${error}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

const headline = "Blog posts that bring shoppers to your store";

describe("public pages", () => {
  it("the landing page comes with its content, asks nothing that fails, logs no error and comes alive", async () => {
    const { page, site } = e2e;
    const problems = watchProblems(page);
    const requests: string[] = [];
    page.on("request", (request) => requests.push(new URL(request.url()).pathname));

    const response = await page.goto(site.url, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    // The headline, the features and the plans are in the HTML itself, before any script runs.
    const html = (await response?.text()) ?? "";
    expect(html).toContain(headline);
    expect(html).toContain("Everything you need to keep your blog busy");
    expect(html).toContain("Professional");
    await shows(page.getByRole("heading", { level: 1, name: headline }));

    // A visitor is not asked about: no session, so no question to the server about who is signed in.
    expect(requests).not.toContain("/api/auth/user");
    // The page is live: its buttons work (the pricing button scrolls the plans into view and focuses them).
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Pricing" }).click();
    await expect.poll(() => page.evaluate("document.activeElement && document.activeElement.id")).toBe("pricing");
    expect(problems).toEqual([]);
  });

  it("each public page answers with its own content, and an unknown address with Page Not Found and a 404", async () => {
    const { page, site } = e2e;
    const problems = watchProblems(page);
    for (const [path, heading] of [
      ["/pricing", "Choose your plan"],
      ["/contact", "Contact Us"],
      ["/login", "Welcome back"],
      ["/register", "Create your account"],
    ] as const) {
      const response = await page.goto(`${site.url}${path}`, { waitUntil: "networkidle" });
      expect(response?.status(), path).toBe(200);
      expect(await response?.text(), path).toContain(heading);
      await shows(page.getByRole("heading", { level: 1, name: heading }));
    }
    const missing = await page.goto(`${site.url}/no/such/page`, { waitUntil: "networkidle" });
    expect(missing?.status()).toBe(404);
    await shows(page.getByRole("heading", { level: 1, name: "Page Not Found" }));
    // The one error is the unknown address's own 404 (which the browser also reports in the console).
    expect(problems).toEqual([
      `404: ${site.url}/no/such/page`,
      "console: Failed to load resource: the server responded with a status of 404 (Not Found)",
    ]);
  });

  it("answers the client's own signed-out pages with 200 and renders them without a hydration error", async () => {
    const { page, site } = e2e;
    const problems = watchProblems(page);
    const connect = new URLSearchParams({
      site_url: "https://blog.example.com",
      rest_url: "https://blog.example.com/wp-json/",
      state: "s".repeat(40),
      return_url: "https://blog.example.com/wp-admin/admin.php?page=postwright",
    });
    for (const [path, heading] of [
      ["/forgot-password", "Forgot your password?"],
      ["/reset-password", "Choose a new password"],
      [`/connect/wordpress?${connect.toString()}`, "Connect blog.example.com to Postwright"],
    ] as const) {
      const response = await page.goto(`${site.url}${path}`, { waitUntil: "networkidle" });
      expect(response?.status(), path).toBe(200);
      await shows(page.getByRole("heading", { name: heading }));
    }
    expect(problems).toEqual([]);
  });

  it("leads from the landing page through sign-up to the dashboard, which a reload keeps", async () => {
    const { page, site } = e2e;
    const problems = watchProblems(page);
    const person = newPerson("Mary", "Jackson");
    await page.goto(site.url, { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "Start your free trial" }).click();
    await atPath(page, "/register");

    await page.getByLabel("First name", { exact: true }).fill(person.firstName);
    await page.getByLabel("Last name", { exact: true }).fill(person.lastName);
    await page.getByLabel("Email", { exact: true }).fill(person.email);
    await page.getByLabel("Password", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Create Account" }).click();
    await shows(toast(page, "Registration successful!"));
    await atPath(page, "/verify-email");
    await page.getByRole("button", { name: "Verify Email" }).click();
    await shows(toast(page, "Email verified!"));
    await atPath(page, "/");
    await shows(page.getByRole("heading", { name: "Create New Blog Post" }));

    // A member opening the site gets the dashboard, not the visitors' landing page.
    await page.reload();
    await shows(page.getByRole("heading", { name: "Create New Blog Post" }));
    expect(await page.getByRole("heading", { level: 1, name: headline }).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe("what search engines read", () => {
  const pages = ["/", "/pricing", "/contact", "/login", "/register"];
  const tag = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

  it("gives every public page its own title, description and canonical address on this site", async () => {
    const { site } = e2e;
    const seen = { titles: new Set<string>(), descriptions: new Set<string>() };
    for (const path of pages) {
      const html = await (await fetch(`${site.url}${path}`)).text();
      const title = tag(html, /<title>([^<]+)<\/title>/);
      const description = tag(html, /<meta name="description" content="([^"]+)"/);
      expect(title, path).toBeTruthy();
      expect(description, path).toBeTruthy();
      seen.titles.add(title ?? "");
      seen.descriptions.add(description ?? "");
      expect(tag(html, /<link rel="canonical" href="([^"]+)"/), path).toBe(`${site.url}${path}`);
      expect(tag(html, /<meta property="og:url" content="([^"]+)"/), path).toBe(`${site.url}${path}`);
      expect(tag(html, /<meta property="og:title" content="([^"]+)"/), path).toBe(title);
      expect(tag(html, /<meta name="twitter:card" content="([^"]+)"/), path).toBe("summary_large_image");
      expect(tag(html, /<meta property="og:image" content="([^"]+)"/), path).toBe(`${site.url}/og-image.png`);
    }
    // The link preview's picture is there, as the PNG its tags describe.
    const image = await fetch(`${site.url}/og-image.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await image.arrayBuffer());
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(seen.titles.size).toBe(pages.length);
    expect(seen.descriptions.size).toBe(pages.length);
  });

  it("describes the organisation and the plans' prices as structured data", async () => {
    const { site } = e2e;
    const html = await (await fetch(site.url)).text();
    const items = [...html.matchAll(/<script type="application\/ld\+json">([^<]+)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? "null") as Record<string, unknown>,
    );
    expect(items.map((item) => item["@type"])).toEqual(["Organization", "Product"]);
    expect(items[0]?.url).toBe(`${site.url}/`);
    const offers = items[1]?.offers as { name: string; price: string; priceCurrency: string }[];
    expect(offers.map((offer) => `${offer.name}: ${offer.price} ${offer.priceCurrency}`)).toEqual([
      "Free: 0.00 USD",
      "Starter, billed monthly: 29.00 USD",
      "Starter, billed yearly: 278.40 USD",
      "Professional, billed monthly: 59.00 USD",
      "Professional, billed yearly: 566.40 USD",
    ]);
  });

  it("lets robots into the public pages, not the app's, and lists the public pages in the sitemap", async () => {
    const { site } = e2e;
    const robots = await (await fetch(`${site.url}/robots.txt`)).text();
    for (const path of ["/api/", "/admin", "/autopilot", "/subscription", "/verify-email"])
      expect(robots).toContain(`Disallow: ${path}`);
    for (const path of ["/pricing", "/contact", "/login", "/register"]) expect(robots).toContain(`Allow: ${path}`);
    expect(robots).toContain(`Sitemap: ${site.url}/sitemap.xml`);
    const sitemap = await fetch(`${site.url}/sitemap.xml`);
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(pages.map((path) => `${site.url}${path}`));
  });

  it("sends pages compressed, revalidated, and the empty app page to a browser with a session", async () => {
    const { site } = e2e;
    const landing = await fetch(site.url, { headers: { "Accept-Encoding": "br" } });
    expect(landing.headers.get("content-encoding")).toBe("br");
    expect(landing.headers.get("cache-control")).toBe("no-cache");
    expect(landing.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    const member = await (await fetch(site.url, { headers: { Cookie: "pw.session=1" } })).text();
    expect(member).not.toContain(headline);
    expect(member).toContain('<div id="root"></div>');
  });
});
