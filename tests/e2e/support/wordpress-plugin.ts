// What the WordPress plugin's browser tests share: a real WordPress (7.1 by default, or the version asked for) with the
// plugin installed from its release zip (built first, as a site owner would download it), signing in to wp-admin, and
// the plugin's admin page.
import { execFile } from "node:child_process";
import { mkdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
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
  // wp-login.php focuses and selects the username field a moment after it loads; text typed into the password field at
  // that moment lands in the username field, so both are filled until they hold what was typed.
  const user = page.locator("#user_login");
  const pass = page.locator("#user_pass");
  for (let attempt = 0; attempt < 5; attempt++) {
    await user.fill(username);
    await pass.fill(password);
    if ((await user.inputValue()) === username && (await pass.inputValue()) === password) break;
  }
  await page.locator("#wp-submit").click();
  await page.waitForURL(/wp-admin/);
}

/** The plugin's admin page (its React root). */
export const pluginApp = (page: Page) => page.locator("#postwright-admin-root");

/**
 * Opens the plugin's sidebar in the block editor unless it is open already (the editor remembers the last sidebar, and
 * a draft created from the review opens with it): answers the sidebar's region.
 */
export async function openPostwrightSidebar(page: Page) {
  const toggle = page.getByRole("button", { name: "Postwright", exact: true });
  await toggle.waitFor();
  const open =
    (await toggle.getAttribute("aria-pressed")) === "true" || (await toggle.getAttribute("aria-expanded")) === "true";
  if (!open) await toggle.click();
  return page.getByRole("region", { name: "Editor settings" });
}

/** Opens the review's schedule dropdown: answers its picker (a popover, outside the app's root). */
export async function openSchedulePicker(page: Page) {
  await pluginApp(page)
    .getByRole("button", { name: /^(Schedule|Change schedule)…$/ })
    .click();
  const picker = page.locator(".postwright-schedule__picker");
  await picker.waitFor();
  return picker;
}

const axeSource = readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * The serious and critical violations axe-core finds in the plugin's own parts of a wp-admin screen (the elements
 * matching `include`; WordPress's own admin chrome is WordPress's), each as "rule (impact): help: selectors".
 */
export async function pluginAccessibilityProblems(page: Page, include: string[]): Promise<string[]> {
  await page.evaluate(await axeSource);
  const violations = (await page.evaluate(async (only) => {
    const inPage = globalThis as unknown as {
      axe: { run: (context: unknown, options: object) => Promise<{ violations: AxeViolation[] }> };
    };
    const result = await inPage.axe.run(
      { include: only.map((selector) => [selector]) },
      { resultTypes: ["violations"] },
    );
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((n) => ({ target: n.target })),
    }));
  }, include)) as AxeViolation[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

const resultsDir = path.join(repoRoot, "test-results/e2e");

/** Keeps a screenshot of what the page shows as `test-results/e2e/<dir>/screens/<name>.png`; answers its path. */
export async function keepWordPressScreen(page: Page, dir: string, name: string): Promise<string> {
  const file = path.join(resultsDir, dir, "screens", `${name}.png`);
  await mkdir(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file });
  return file;
}
