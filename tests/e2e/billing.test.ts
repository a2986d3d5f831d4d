// Plans and payments in a real browser: yearly prices for a member, checkout on the (fake) Stripe hosted page and the
// way back, the Account & Billing page (plan, usage, billing portal, cancel and reactivate) and the admin page.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeStripe, type FakeStripe } from "../fakes/stripe/index.ts";
import { useE2E } from "./support/e2e.ts";
import { atPath, gone, newPerson, shows, signUpThroughApi, toast } from "./support/ui.ts";

const admin = newPerson("Ada", "Admin");

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await stripe?.close();
});

const e2e = useE2E({ site: () => ({ adminEmail: admin.email, stripe }) });

beforeAll(() => {
  // Stripe's notifications reach the site as they would in production.
  stripe.setWebhookUrl(e2e.site.stripeWebhookUrl);
});

const planCard = (page: Page, displayName: string) => page.getByRole("article", { name: displayName, exact: true });
const currentPlan = (page: Page) => page.locator("dt", { hasText: "Plan" }).locator("xpath=following-sibling::dd[1]");
const currentStatus = (page: Page) =>
  page.locator("dt", { hasText: "Status" }).locator("xpath=following-sibling::dd[1]");

/** A starter subscription paid on the fake's hosted page, for tests about what comes after checkout. */
async function subscribeToStarter(page: Page): Promise<void> {
  const plans = (await (await page.request.get(`${e2e.site.url}/api/subscription/plans`)).json()) as Array<{
    id: number;
    name: string;
    interval: string;
  }>;
  const starter = plans.find((plan) => plan.name === "starter" && plan.interval === "month");
  const checkout = await page.request.post(`${e2e.site.url}/api/subscription/checkout`, {
    data: { planId: starter?.id },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  const sessionId = new URL(url).pathname.split("/").pop() ?? "";
  await stripe.completeCheckout(sessionId);
  const activated = await page.request.post(`${e2e.site.url}/api/subscription/success`, { data: { sessionId } });
  expect(activated.status(), await activated.text()).toBe(200);
}

async function generatePost(page: Page, title: string): Promise<void> {
  const response = await page.request.post(`${e2e.site.url}/api/blog-posts/generate`, {
    data: { title, keywords: ["linen care"] },
    timeout: 60_000,
  });
  expect(response.status(), await response.text()).toBe(200);
}

describe("checkout", () => {
  it("shows a member yearly prices, then takes Starter through the payment page and back to a success page", async () => {
    const { page, site } = e2e;
    const person = await signUpThroughApi(page, site.url);
    await page.goto(`${site.url}/pricing`);

    await shows(planCard(page, "Free").getByRole("button", { name: "Current Plan" }));
    await page.getByRole("tab", { name: /Yearly/ }).click();
    // $278.40 a year: $23 a month, saving $70 against twelve months at $29.
    const yearlyStarter = planCard(page, "Starter");
    await shows(yearlyStarter.getByText("$278 billed yearly"));
    expect(await yearlyStarter.innerText()).toContain("$23\n/month");
    await shows(yearlyStarter.getByText("Save $70"));
    await shows(planCard(page, "Professional").getByText("$566 billed yearly"));

    await page.getByRole("tab", { name: "Monthly" }).click();
    await planCard(page, "Starter").getByRole("button", { name: "Choose Starter" }).click();

    // The fake Stripe's hosted checkout page, for this customer, with the 7-day trial.
    await page.waitForURL((url) => url.origin === stripe.url && url.pathname.startsWith("/checkout/"));
    await shows(page.getByRole("heading", { name: "Subscribe" }));
    expect(await page.getByTestId("customer-email").innerText()).toBe(person.email);
    await shows(page.getByText("Starter monthly × 1: 29.00 USD / month"));
    await shows(page.getByText("7-day free trial"));
    await page.getByRole("button", { name: "Start subscription" }).click();

    await atPath(page, "/subscription/success");
    expect(new URL(page.url()).origin).toBe(site.url);
    expect(new URL(page.url()).searchParams.get("session_id")).toMatch(/^cs_/);
    await shows(page.getByRole("heading", { name: "Subscription Activated!" }));
    await shows(page.getByText("Welcome to the Starter plan. You can now generate up to 40 blog posts a month."));

    await page.getByRole("link", { name: "Go to Dashboard" }).click();
    await atPath(page, "/");
    await shows(page.getByRole("navigation", { name: "Account" }).getByRole("button", { name: "Logout" }));

    // The pricing page now marks Starter as the current plan.
    await page.goto(`${site.url}/pricing`);
    await shows(planCard(page, "Starter").getByRole("button", { name: "Current Plan" }));
  });

  it("says the activation failed when the page is opened without a checkout session", async () => {
    const { page, site } = e2e;
    await signUpThroughApi(page, site.url);
    await page.goto(`${site.url}/subscription/success`);
    await shows(page.getByRole("heading", { name: "Activation Failed" }));
    await shows(page.getByText("No session ID found"));
    await page.getByRole("link", { name: "Back to Pricing" }).click();
    await atPath(page, "/pricing");
  });
});

describe("Account & Billing", () => {
  it("shows the plan and this month's usage, opens the billing portal, cancels and reactivates", async () => {
    const { page, site } = e2e;
    await signUpThroughApi(page, site.url);
    await subscribeToStarter(page);
    await generatePost(page, "How to care for linen sheets");

    await page.goto(site.url);
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Subscription" }).click();
    await atPath(page, "/subscription");
    await shows(page.getByRole("heading", { level: 1, name: "Account & Billing" }));
    await shows(currentPlan(page).getByText("Starter", { exact: true }));
    await shows(currentStatus(page).getByText("Active", { exact: true }));

    await shows(page.getByText("1 of 40 blog posts used"));
    await shows(page.getByText("39 remaining"));
    const bar = page.getByRole("progressbar", { name: "Blog posts used this month" });
    await shows(bar);
    expect(await bar.getAttribute("aria-valuetext")).toBe("3% used");
    for (const feature of ["40 blog posts per month", "Scheduled publishing"]) await shows(page.getByText(feature));
    await shows(page.getByRole("link", { name: "View All Plans" }));
    await shows(page.getByRole("link", { name: "Contact Support" }));

    // Manage Billing opens the payment provider's portal, which links back to the site.
    await page.getByRole("button", { name: "Manage Billing" }).click();
    await page.waitForURL((url) => url.origin === stripe.url && url.pathname.startsWith("/portal/"));
    await shows(page.getByRole("heading", { name: "Billing" }));
    await shows(page.getByText(/^Starter monthly:/));
    await page.getByRole("link", { name: "Return to the site" }).click();
    await atPath(page, "/subscription");

    await page.getByRole("button", { name: "Cancel Subscription" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel your subscription?" });
    await shows(dialog.getByText(/Your Starter plan will not renew/));
    await dialog.getByRole("button", { name: "Confirm Cancellation" }).click();
    await shows(toast(page, "Subscription cancelled"));
    await gone(dialog);
    await shows(currentStatus(page).getByText("Cancelled", { exact: true }));
    await shows(page.getByText(/Your subscription is cancelled\. Your Starter plan stays active until/));
    await gone(page.getByRole("button", { name: "Cancel Subscription" }));
    await shows(page.getByRole("button", { name: "Manage Billing" }));

    await page.getByRole("button", { name: "Reactivate Subscription" }).click();
    await shows(toast(page, "Subscription reactivated"));
    await shows(currentStatus(page).getByText("Active", { exact: true }));
    await shows(page.getByRole("button", { name: "Cancel Subscription" }));
    await gone(page.getByRole("button", { name: "Reactivate Subscription" }));

    // What the page shows is what the server holds.
    await page.reload();
    await shows(currentStatus(page).getByText("Active", { exact: true }));
    await shows(currentPlan(page).getByText("Starter", { exact: true }));
  });

  it("shows a free member the free allowance without billing actions", async () => {
    const { page, site } = e2e;
    await signUpThroughApi(page, site.url);
    await page.goto(`${site.url}/subscription`);
    await shows(currentPlan(page).getByText("Free", { exact: true }));
    await shows(page.getByText("0 of 5 blog posts used"));
    await shows(page.getByText("You are on the Free plan. Upgrade any time for more posts."));
    for (const action of ["Manage Billing", "Cancel Subscription", "Reactivate Subscription"]) {
      expect(await page.getByRole("button", { name: action }).count()).toBe(0);
    }
  });
});

describe("admin", () => {
  it("lets the administrator change another user's plan, which that user then sees", async () => {
    const { page, site } = e2e;
    const memberPage = await e2e.newPage();
    const member = await signUpThroughApi(memberPage, site.url, newPerson("Mary", "Member"));
    await signUpThroughApi(page, site.url, admin);
    await page.request.post(`${site.url}/api/auth/logout`);

    // The administrator signs in on the admin page's own form.
    await page.goto(`${site.url}/admin`);
    await shows(page.getByRole("heading", { name: "Admin Login" }));
    const loginForm = page.getByRole("form", { name: "Admin login" });
    await loginForm.getByLabel("Email", { exact: true }).fill(admin.email);
    await loginForm.getByLabel("Password", { exact: true }).fill(admin.password);
    await loginForm.getByRole("button", { name: "Sign In" }).click();
    await shows(toast(page, "Logged in as administrator."));
    await shows(page.getByRole("heading", { name: "Admin Dashboard" }));

    const users = page.getByRole("table", { name: "Users" });
    const memberRow = users.getByRole("row").filter({ has: page.getByRole("rowheader", { name: member.email }) });
    await shows(memberRow);
    expect(await memberRow.getByRole("cell").allInnerTexts()).toEqual(
      expect.arrayContaining(["Mary Member", "Free", "0 / 5"]),
    );

    await memberRow.getByRole("button", { name: `Edit ${member.email}` }).click();
    const form = page.getByRole("form", { name: "Update subscription" });
    await shows(form.getByRole("combobox", { name: "User" }).getByText(member.email));
    await form.getByRole("combobox", { name: "Plan" }).click();
    await page.getByRole("option", { name: "Professional" }).click();
    await form.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Active" }).click();
    await form.getByRole("button", { name: "Update Subscription" }).click();

    await shows(toast(page, "Subscription updated"));
    await shows(memberRow.getByRole("cell", { name: "Professional", exact: true }));
    await shows(memberRow.getByRole("cell", { name: "0 / 100", exact: true }));

    await memberPage.goto(`${site.url}/subscription`);
    await shows(currentPlan(memberPage).getByText("Professional", { exact: true }));
    await shows(memberPage.getByText("0 of 100 blog posts used"));
  });

  it("turns a member who is not the administrator away from /admin with Access Denied", async () => {
    const { page, site } = e2e;
    await signUpThroughApi(page, site.url, newPerson("Nora", "Nosy"));
    await page.goto(`${site.url}/admin`);
    const denied = toast(page, "Access Denied");
    await shows(denied);
    expect(await denied.innerText()).toContain("You don't have permission to access this page.");
    await atPath(page, "/");
    expect(await page.getByRole("heading", { name: "Admin Dashboard" }).count()).toBe(0);
    const refused = await page.request.get(`${site.url}/api/admin/users`);
    expect(refused.status()).toBe(403);
  });
});
