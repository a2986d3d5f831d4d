// Visitors and accounts in a real browser against the running site: the landing page, registration with email
// verification, logging out and in, the pricing page's monthly and yearly prices, the contact form and unknown paths.
import type { PlanView } from "@postwright/core/contracts";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useE2E } from "./support/e2e.ts";
import { atPath, gone, logIn, newPerson, shows, signUpThroughApi, toast } from "./support/ui.ts";

const e2e = useE2E();

async function plansFromApi(): Promise<PlanView[]> {
  const response = await fetch(`${e2e.site.url}/api/subscription/plans`);
  expect(response.status).toBe(200);
  return (await response.json()) as PlanView[];
}

function plan(plans: PlanView[], name: string, interval: "month" | "year"): PlanView {
  const found = plans.find((p) => p.name === name && p.interval === interval);
  if (!found) throw new Error(`The API lists no ${name} plan billed per ${interval}`);
  return found;
}

const dollars = (amount: number) => `$${amount.toLocaleString("en-US")}`;

/** The card of a plan in a list of plan cards (each is an article named by its plan). */
const planCard = (scope: Page | Locator, displayName: string) =>
  scope.getByRole("article", { name: displayName, exact: true });

/** How far the window is scrolled (evaluated in the page, which the Node typings do not describe). */
const scrollTop = async (page: Page) => Number(await page.evaluate("window.scrollY"));

const dashboardHeading = (page: Page) => page.getByRole("heading", { name: "Create New Blog Post" });
const landingHeading = (page: Page) =>
  page.getByRole("heading", { level: 1, name: "Blog posts that bring shoppers to your store" });

describe("landing page", () => {
  it("shows the header, hero, four features, the plans from the API, the enterprise call to action and the footer", async () => {
    const { page, site } = e2e;
    const plans = await plansFromApi();
    await page.goto(site.url);

    const header = page.getByRole("navigation", { name: "Main" });
    await shows(header.getByRole("link", { name: "Contact Us" }));
    await shows(header.getByRole("button", { name: "Pricing" }));
    await shows(header.getByRole("link", { name: "Login" }));
    await shows(header.getByRole("link", { name: "Get Started" }));

    await shows(landingHeading(page));
    await shows(page.getByText("AI blog creation for Shopify and WordPress"));
    await shows(page.getByRole("link", { name: "Start your free trial" }));

    const features = page.getByRole("region", { name: "Everything you need to keep your blog busy" });
    expect(await features.getByRole("listitem").count()).toBe(4);
    for (const title of ["AI-written content", "SEO optimised", "Direct publishing", "Secure"]) {
      await shows(features.getByRole("heading", { name: title }));
    }

    // The pricing section lists the monthly plans the API serves, in the product's order.
    const pricing = page.getByRole("region", { name: "Simple, transparent pricing" });
    await shows(planCard(pricing, "Enterprise"));
    expect(await pricing.getByRole("article").allInnerTexts()).toHaveLength(4);
    const headings = await pricing.getByRole("article").getByRole("heading").allInnerTexts();
    expect(headings).toEqual(["Free", "Starter", "Professional", "Enterprise"]);
    for (const name of ["free", "starter", "professional"]) {
      const monthly = plan(plans, name, "month");
      const card = planCard(pricing, monthly.displayName);
      expect(await card.innerText()).toContain(`${dollars(monthly.price / 100)}\n/month`);
      // This site runs without a payment provider, so paid plans say so and lead to the contact page.
      expect(monthly.checkoutAvailable).toBe(monthly.price === 0);
      await shows(card.getByRole("link", { name: monthly.checkoutAvailable ? "Get Started" : "Contact Sales" }));
      if (!monthly.checkoutAvailable) await shows(card.getByText("Online payment isn't set up on this site yet."));
    }
    expect(plan(plans, "starter", "month").price).toBe(2900);
    await shows(planCard(pricing, "Enterprise").getByText("Custom"));
    await shows(planCard(pricing, "Enterprise").getByRole("link", { name: "Contact Sales" }));

    const enterprise = page.getByRole("region", { name: "Publishing at scale?" });
    await shows(enterprise.getByText(/unlimited generation, custom integrations, dedicated support/));
    expect(await enterprise.getByRole("link", { name: "Contact Sales" }).getAttribute("href")).toBe("/contact");

    const footer = page.getByRole("contentinfo");
    await shows(footer.getByText(`© ${new Date().getFullYear()} Postwright. All rights reserved.`));
    for (const link of ["Pricing", "Contact Us", "Login", "Create an account"]) {
      await shows(footer.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: link }));
    }

    // Pricing in the header scrolls down to the pricing section and stays on the page.
    expect(await scrollTop(page)).toBe(0);
    await header.getByRole("button", { name: "Pricing" }).click();
    // The section's top comes to rest near the top of the window (below the sticky header).
    const section = page.locator("#pricing");
    await expect
      .poll(async () => (await section.boundingBox())?.y, { timeout: 10_000 })
      .toSatisfy((top) => top !== undefined && top >= 0 && top < 300);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await scrollTop(page)).toBeGreaterThan(0);
  });

  it("leads to the contact, login and registration pages from the header", async () => {
    const { page, site } = e2e;
    await page.goto(site.url);
    const header = page.getByRole("navigation", { name: "Main" });

    await header.getByRole("link", { name: "Contact Us" }).click();
    await atPath(page, "/contact");
    await shows(page.getByRole("heading", { level: 1, name: "Contact Us" }));

    await header.getByRole("link", { name: "Login" }).click();
    await atPath(page, "/login");
    await shows(page.getByRole("button", { name: "Sign In" }));

    await header.getByRole("link", { name: "Get Started" }).click();
    await atPath(page, "/register");
    await shows(page.getByRole("button", { name: "Create Account" }));
  });
});

describe("accounts", () => {
  it("registers with a strong password, verifies the email with the development code and opens the dashboard", async () => {
    const { page, site } = e2e;
    const person = newPerson("Grace", "Hopper");
    await page.goto(`${site.url}/register`);

    await page.getByLabel("First name", { exact: true }).fill(person.firstName);
    await page.getByLabel("Last name", { exact: true }).fill(person.lastName);
    await page.getByLabel("Email", { exact: true }).fill(person.email);
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("Ab1!");
    await page.getByRole("button", { name: "Create Account" }).click();
    await shows(page.getByText("Password must be at least 6 characters long"));
    // After a refused submit, the message follows what is typed.
    await password.fill("abcdef1!");
    await shows(page.getByText("Password must contain at least one uppercase letter"));
    await password.fill("Abcdefg1");
    await shows(page.getByText("Password must contain at least one special character (@$!%*?&)"));
    expect(new URL(page.url()).pathname).toBe("/register");

    await password.fill(person.password);
    await gone(page.getByText(/^Password must/));
    await page.getByRole("button", { name: "Create Account" }).click();

    await shows(toast(page, "Registration successful!"));
    await atPath(page, "/verify-email");
    const query = new URL(page.url()).searchParams;
    expect(query.get("email")).toBe(person.email);
    const code = query.get("code");
    expect(code).toMatch(/^\d{6}$/);

    const notice = page.getByRole("note", { name: "Development Code" });
    await shows(notice);
    expect(await notice.innerText()).toContain(code);
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(person.email);
    expect(await page.getByLabel("Verification code", { exact: true }).inputValue()).toBe(code);

    await page.getByRole("button", { name: "Verify Email" }).click();
    await shows(toast(page, "Email verified!"));
    await atPath(page, "/");
    await shows(dashboardHeading(page));
    await shows(page.getByRole("navigation", { name: "Account" }).getByRole("button", { name: "Logout" }));

    // The session survives a reload: the server knows this browser.
    await page.reload();
    await shows(dashboardHeading(page));
  });

  it("logs out to the landing page, refuses a wrong password with an error and logs in to the dashboard", async () => {
    const { page, site } = e2e;
    const person = await signUpThroughApi(page, site.url);
    await page.goto(site.url);
    await shows(dashboardHeading(page));

    await page.getByRole("navigation", { name: "Account" }).getByRole("button", { name: "Logout" }).click();
    await shows(landingHeading(page));
    expect(new URL(page.url()).pathname).toBe("/");
    // Logged out for the server too, not only on screen.
    await page.reload();
    await shows(landingHeading(page));

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }).click();
    await atPath(page, "/login");
    await page.getByLabel("Email", { exact: true }).fill(person.email);
    await page.getByLabel("Password", { exact: true }).fill("Wrong1!password");
    await page.getByRole("button", { name: "Sign In" }).click();
    const error = toast(page, "Invalid email or password");
    await shows(error);
    expect(await error.innerText()).toContain("Error");
    expect(new URL(page.url()).pathname).toBe("/login");

    await logIn(page, site.url, person);
    await shows(dashboardHeading(page));
  });
});

describe("pricing page", () => {
  it("switches between monthly and yearly prices, showing the -20% badge and the yearly saving", async () => {
    const { page, site } = e2e;
    const plans = await plansFromApi();
    await page.goto(`${site.url}/pricing`);
    await shows(page.getByRole("heading", { level: 1, name: "Choose your plan" }));

    const monthly = page.getByRole("tab", { name: "Monthly" });
    const yearly = page.getByRole("tab", { name: /Yearly/ });
    expect(await monthly.getAttribute("aria-selected")).toBe("true");
    expect(await yearly.innerText()).toContain("-20%");

    const starterMonthly = plan(plans, "starter", "month");
    const starterCard = planCard(page, "Starter");
    await shows(starterCard);
    expect(await starterCard.innerText()).toContain(`${dollars(starterMonthly.price / 100)}\n/month`);
    await shows(starterCard.getByText("Billed monthly"));

    await yearly.click();
    expect(await yearly.getAttribute("aria-selected")).toBe("true");
    for (const name of ["starter", "professional"]) {
      const yearPlan = plan(plans, name, "year");
      const monthPlan = plan(plans, name, "month");
      // Twelve months at the monthly price, less 20%.
      expect(yearPlan.price).toBe(Math.round(monthPlan.price * 12 * 0.8));
      const total = yearPlan.price / 100;
      const card = planCard(page, yearPlan.displayName);
      await shows(card.getByText(`${dollars(Math.round(total))} billed yearly`));
      expect(await card.innerText()).toContain(`${dollars(Math.round(total / 12))}\n/month`);
      await shows(card.getByText(`Save ${dollars(Math.round(total / 0.8 - total))}`));
    }
    // Starter: $278.40 a year is $23 a month, saving $70 against $348 at the monthly price.
    await shows(planCard(page, "Starter").getByText("Save $70"));
    await shows(planCard(page, "Free").getByText("Free forever"));

    await monthly.click();
    await shows(planCard(page, "Starter").getByText("Billed monthly"));
    await gone(page.getByText(/billed yearly/));
  });
});

describe("contact page", () => {
  it("explains what each field needs, then sends the message", async () => {
    const { page, site } = e2e;
    await page.goto(`${site.url}/contact`);
    await page.getByRole("button", { name: "Send Message" }).click();
    for (const message of [
      "Name must be at least 2 characters",
      "Please enter a valid email address",
      "Company name must be at least 2 characters",
      "Subject must be at least 5 characters",
      "Message must be at least 20 characters",
    ]) {
      await shows(page.getByText(message));
    }

    await page.getByLabel("Name", { exact: true }).fill("Katherine Johnson");
    await page.getByLabel("Email", { exact: true }).fill("katherine@example.com");
    await page.getByLabel("Company", { exact: true }).fill("Orbit Supplies");
    await page.getByLabel("Subject", { exact: true }).fill("Enterprise plan");
    await page
      .getByLabel("Message", { exact: true })
      .fill("We publish forty posts a month across three stores. Can we talk?");
    await gone(page.getByText(/must be at least|valid email/));
    await page.getByRole("button", { name: "Send Message" }).click();

    await shows(toast(page, "Message sent!"));
    await shows(toast(page, /within 24 hours/));
    expect(await page.getByLabel("Subject", { exact: true }).inputValue()).toBe("");
    const stored = await site.server.db.prisma.contactMessage.findMany({ where: { email: "katherine@example.com" } });
    expect(stored).toMatchObject([
      { name: "Katherine Johnson", company: "Orbit Supplies", subject: "Enterprise plan" },
    ]);
  });
});

describe("unknown paths", () => {
  it("shows Page Not Found with a way home", async () => {
    const { page, site } = e2e;
    const response = await page.goto(`${site.url}/no-such-page/anywhere`);
    // A real 404 status, so search engines do not index the page, with the page for people.
    expect(response?.status()).toBe(404);
    await shows(page.getByRole("heading", { level: 1, name: "Page Not Found" }));
    await page.getByRole("link", { name: "Go back home" }).click();
    await shows(landingHeading(page));
  });
});
