// What a browser walk-through keeps of each main screen: a screenshot (under test-results/e2e/<file>/screens/, kept
// whether the test passes or not) and axe-core's accessibility findings, of which serious and critical ones fail.
import { mkdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Frame, Page } from "playwright-core";

const resultsDir = fileURLToPath(new URL("../../../test-results/e2e", import.meta.url));
const axeSource = readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Saves a screenshot of what the page shows, as `<dir>/screens/<name>.png`; answers the file's path. */
export async function keepScreenshot(page: Page, dir: string, name: string): Promise<string> {
  const file = path.join(resultsDir, dir, "screens", `${name}.png`);
  await mkdir(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file });
  return file;
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/**
 * The serious and critical violations axe-core finds in a page or frame (WCAG 2.x A and AA rules and best practices),
 * each as "rule (impact): help: selectors".
 */
export async function seriousAccessibilityProblems(target: Page | Frame): Promise<string[]> {
  const source = await axeSource;
  await target.evaluate(source);
  // Runs in the page (no DOM types here): axe.run on the whole document.
  const violations = (await target.evaluate(async () => {
    const page = globalThis as unknown as {
      axe: { run: (context: unknown, options: object) => Promise<{ violations: Violation[] }> };
      document: unknown;
    };
    const result = await page.axe.run(page.document, { resultTypes: ["violations"] });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((n) => ({ target: n.target })),
    }));
  })) as Violation[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`);
}
