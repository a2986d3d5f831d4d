// What a person sees and does, in Playwright terms: toasts, waiting for a state, and accounts.
import { randomBytes } from "node:crypto";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** A notification (toast) whose text contains `text`: an item of the "Notifications" region's list. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page
    .getByRole("region", { name: /^Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: text });
}

/** Waits until the element is visible (fails with Playwright's description of what it waited for). */
export async function shows(locator: Locator): Promise<Locator> {
  await locator.first().waitFor({ state: "visible" });
  return locator;
}

/** Waits until no such element is visible. */
export async function gone(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: "hidden" });
}

/** Waits for the page's address to reach a path (and optionally a query string). */
export async function atPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A new person with a unique email and a password that meets the rules. */
export function newPerson(firstName = "Ada", lastName = "Lovelace"): Person {
  const tag = randomBytes(4).toString("hex");
  return { firstName, lastName, email: `${firstName.toLowerCase()}.${tag}@example.com`, password: "Sturdy1!pass" };
}

/**
 * Creates a verified account through the API in this page's browser profile, which is then signed in as that person
 * (verifying the email signs in). For tests about something other than registration.
 */
export async function signUpThroughApi(page: Page, baseUrl: string, person: Person = newPerson()): Promise<Person> {
  const registered = await page.request.post(`${baseUrl}/api/auth/register`, { data: person });
  expect(registered.status(), await registered.text()).toBe(200);
  const { developmentCode } = (await registered.json()) as { developmentCode?: string };
  expect(developmentCode, "registration shows a development code when no SMTP server is configured").toMatch(/^\d{6}$/);
  const verified = await page.request.post(`${baseUrl}/api/auth/verify-email`, {
    data: { email: person.email, code: developmentCode },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return person;
}

/** Signs in through the login page and waits for the dashboard. */
export async function logIn(page: Page, baseUrl: string, person: Pick<Person, "email" | "password">): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email", { exact: true }).fill(person.email);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await shows(toast(page, "Logged in successfully!"));
  await atPath(page, "/");
}
