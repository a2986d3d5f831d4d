// The account's lifecycle in a real browser, with mail through a real SMTP server: a forgotten password from the
// login page, and on the Account page changing the password and the email, seeing and ending sessions,
// downloading one's data and deleting the account.
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSmtpServer, type TestSmtpServer } from "../../standalone-web/server/src/testing/index.ts";
import { useE2E } from "./support/e2e.ts";
import { atPath, logIn, newPerson, shows, toast, type Person } from "./support/ui.ts";

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

const e2e = useE2E({ site: () => ({ smtpUrl: smtp.url }) });

/** The 6-digit code of the newest mail to `to` with this subject, waiting for it to arrive. */
async function mailedCode(to: string, subject: string, after = 0): Promise<string> {
  const matching = () => smtp.received.filter((m) => m.to.includes(to) && m.raw.includes(`Subject: ${subject}`));
  await expect.poll(() => matching().length, { timeout: 15_000 }).toBeGreaterThan(after);
  const code = /(?:verification code is|Your code is): (\d{6})/.exec(matching().at(-1)!.text)?.[1];
  if (!code) throw new Error(`No code in the mail "${subject}" to ${to}`);
  return code;
}
const mailCount = (to: string, subject: string) =>
  smtp.received.filter((m) => m.to.includes(to) && m.raw.includes(`Subject: ${subject}`)).length;

/** A verified account made through the API with the mailed code; the page's browser is then signed in. */
async function signUp(page: Page, person: Person = newPerson()): Promise<Person> {
  const base = e2e.site.url;
  const registered = await page.request.post(`${base}/api/auth/register`, { data: person });
  expect(registered.status(), await registered.text()).toBe(200);
  const code = await mailedCode(person.email, "Your Postwright verification code");
  const verified = await page.request.post(`${base}/api/auth/verify-email`, { data: { email: person.email, code } });
  expect(verified.status(), await verified.text()).toBe(200);
  return person;
}

const dashboardHeading = (page: Page) => page.getByRole("heading", { name: "Create New Blog Post" });
const accountPage = async (page: Page) => {
  await page.goto(`${e2e.site.url}/account`);
  await shows(page.getByRole("heading", { level: 1, name: "Account", exact: true }));
};

describe("a forgotten password", () => {
  it("is reset from the login page with the mailed code, and the new password signs in", async () => {
    const { page, site } = e2e;
    const person = await signUp(await e2e.newPage());
    await page.goto(`${site.url}/login`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await atPath(page, "/forgot-password");
    // Pages load on demand: the login page stays on screen until this one is ready.
    await shows(page.getByRole("heading", { name: "Forgot your password?" }));
    await page.getByLabel("Email", { exact: true }).fill(person.email);
    await page.getByRole("button", { name: "Send Reset Code" }).click();
    await shows(toast(page, "If an account uses this email, we have sent it a code to reset the password."));
    await atPath(page, "/reset-password");
    await shows(page.getByRole("heading", { name: "Choose a new password" }));
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(person.email);

    const code = await mailedCode(person.email, "Reset your Postwright password");
    await page.getByLabel("Reset code").fill(code);
    await page.getByLabel("New password").fill("Brand1!new");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await shows(toast(page, "Your password was reset. Please sign in with the new one."));
    await atPath(page, "/login");

    await logIn(page, site.url, { email: person.email, password: "Brand1!new" });
    await shows(dashboardHeading(page));
  });
});

describe("the Account page", () => {
  it("is reached from the header, and links to the plan and billing", async () => {
    const { page, site } = e2e;
    await signUp(page);
    await page.goto(`${site.url}/subscription`);
    await shows(page.getByRole("heading", { level: 1, name: "Account & Billing" }));
    // Billing stays here; the account's settings have their own page.
    expect(await page.getByRole("heading", { name: "Password" }).count()).toBe(0);
    await page.getByRole("link", { name: "Account settings" }).click();
    await atPath(page, "/account");
    await shows(page.getByRole("heading", { name: "Password" }));
    await shows(page.getByRole("heading", { name: "Your Data" }));
    await page.getByRole("link", { name: "Plan & billing" }).click();
    await atPath(page, "/subscription");
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Account" }).click();
    await atPath(page, "/account");
  });

  it("changes the password with the current one, signing out the other browser", async () => {
    const { page, site } = e2e;
    const person = await signUp(page);
    const other = await e2e.newPage();
    await logIn(other, site.url, person);

    await accountPage(page);
    const form = page.getByRole("form", { name: "Change password" });
    await form.getByLabel("Current password").fill("Wrong1!pass");
    await form.getByLabel("New password").fill("Second1!pass");
    await form.getByRole("button", { name: "Change Password" }).click();
    await shows(toast(page, "Your current password is not right. Please try again."));

    await form.getByLabel("Current password").fill(person.password);
    await form.getByRole("button", { name: "Change Password" }).click();
    await shows(toast(page, "Your password was changed. Every other device was signed out."));
    await expect.poll(() => mailCount(person.email, "Your Postwright password was changed")).toBe(1);

    // The other browser is signed out; this one is not.
    await other.reload();
    await shows(other.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }));
    await page.reload();
    await shows(page.getByRole("heading", { level: 1, name: "Account", exact: true }));
  });

  it("lists the sessions, ends another one, and signs out everywhere", async () => {
    const { page, site } = e2e;
    const person = await signUp(page);
    const other = await e2e.newPage();
    await logIn(other, site.url, person);

    await accountPage(page);
    const list = page.getByRole("list", { name: "Signed-in sessions" });
    await expect.poll(() => list.getByRole("listitem").count()).toBe(2);
    await shows(list.getByText("This device"));
    await list.getByRole("button", { name: /^End session: .*[^)]$/ }).click();
    await shows(toast(page, "That session was ended."));
    await expect.poll(() => list.getByRole("listitem").count()).toBe(1);
    await other.reload();
    await shows(other.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }));

    await page.getByRole("button", { name: "Sign Out Everywhere" }).click();
    await shows(toast(page, "You were signed out on every device."));
    await atPath(page, "/");
    // Signed out for the server too.
    await page.goto(`${site.url}/account`);
    await atPath(page, "/login");
  });

  it("changes the email address with a code sent to the new one", async () => {
    const { page } = e2e;
    const person = await signUp(page);
    const newEmail = newPerson("Moved").email;
    await accountPage(page);
    const form = page.getByRole("form", { name: "Change email" });
    await form.getByLabel("New email").fill(newEmail);
    await form.getByLabel("Password").fill(person.password);
    await form.getByRole("button", { name: "Send Confirmation Code" }).click();
    await shows(toast(page, "We have sent a 6-digit code to the new address."));

    const code = await mailedCode(newEmail, "Confirm your new Postwright email address");
    const confirm = page.getByRole("form", { name: "Confirm new email" });
    await confirm.getByLabel("Confirmation code").fill(code);
    await confirm.getByRole("button", { name: "Confirm New Email" }).click();
    await shows(toast(page, `Your account now uses ${newEmail}.`));
    await shows(page.getByText(`You sign in with ${newEmail}.`));
    await expect.poll(() => mailCount(person.email, "Your Postwright email address was changed")).toBe(1);
  });

  it("downloads the account's data as a JSON file", async () => {
    const { page } = e2e;
    const person = await signUp(page);
    await accountPage(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download My Data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^postwright-account-\d+\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, "utf8")) as {
      account: { email: string };
      posts: unknown[];
    };
    expect(data.account.email).toBe(person.email);
    expect(data.posts).toEqual([]);
  });

  it("deletes the account once the password confirms it", async () => {
    const { page, site } = e2e;
    const person = await signUp(page);
    await accountPage(page);
    await page.getByRole("button", { name: "Delete Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByLabel("Password").fill("Wrong1!pass");
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await shows(dialog.getByRole("alert").filter({ hasText: "Your current password is not right. Please try again." }));

    await dialog.getByLabel("Password").fill(person.password);
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await shows(toast(page, "Your account and everything in it were deleted."));
    await atPath(page, "/");
    await shows(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }));

    const login = await page.request.post(`${site.url}/api/auth/login`, {
      data: { email: person.email, password: person.password },
    });
    expect(login.status()).toBe(401);
  });
});
