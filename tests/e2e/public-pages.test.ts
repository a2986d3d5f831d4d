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
