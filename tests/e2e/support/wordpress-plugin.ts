// What the WordPress plugin's browser tests share: a real WordPress (7.1 by default, or the version asked for) with the
// plugin installed from its release zip (built first, as a site owner would download it), signing in to wp-admin, and
// the plugin's admin page.
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import {
  startWordPress,
  type StartWordPressOptions,
  type WordPressSite,
} from "../../support/wordpress/start-wordpress.ts";

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const zip = path.join(repoRoot, "wp-plugin/dist/postwright.zip");

/**
 * Builds the plugin's release zip, then starts a WordPress with it installed, for the file's tests (stopped after
 * them). Registered before the service's own hooks, the two start side by side; the returned promise is the site.
 */
export function useWordPressWithPlugin(
  options: Omit<StartWordPressOptions, "pluginZips"> = {},
): () => Promise<WordPressSite> {
  let starting: Promise<WordPressSite>;
  beforeAll(() => {
    starting = run("npm", ["run", "zip", "-w", "wp-plugin"], { cwd: repoRoot, timeout: 300_000 }).then(() =>
      startWordPress({ ...options, pluginZips: [zip] }),
    );
    starting.catch(() => {});
  }, 600_000);
  afterAll(async () => {
    const started = await starting?.catch(() => undefined);
    await started?.stop();
  });
  return () => starting;
}

/** Signs in to wp-admin, as the site's administrator unless told another account. */
export async function logIntoWordPress(
  page: Page,
  site: WordPressSite,
  username = site.adminUser,
  password = site.adminPassword,
): Promise<void> {
  await page.goto(`${site.url}/wp-login.php`);
  await page.locator("#user_login").fill(username);
  await page.locator("#user_pass").fill(password);
  await page.locator("#wp-submit").click();
  await page.waitForURL(/wp-admin/);
}

/** The plugin's admin page (its React root). */
export const pluginApp = (page: Page) => page.locator("#postwright-admin-root");
